use std::io::IsTerminal;

/// Whether standard output wants colour: it is a terminal and the `NO_COLOR` convention
/// (<https://no-color.org>) is not set.
pub fn wants_color() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && std::io::stdout().is_terminal()
}
