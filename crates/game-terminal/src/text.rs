//! Text for a terminal: wrapped to its width (80 columns when the output is not a terminal),
//! coloured where colour is wanted, and typed input shown back cut short.

use std::io::{self, IsTerminal, Write};

/// The width to wrap text to: the terminal's, or 80 columns when the output is not a terminal.
pub fn width() -> usize {
    match terminal_size::terminal_size() {
        Some((w, _)) if io::stdout().is_terminal() => usize::from(w.0).max(20),
        _ => 80,
    }
}

/// `text` as [`fill`] wraps it, except that a line which already fits is kept as it is, its
/// spaces included: a table's aligned columns (the duel's moves) survive in help texts.
pub fn fill_keeping_columns(text: &str) -> String {
    let most = width() - 2;
    text.split('\n')
        .map(|line| {
            if visible_width(line) <= most {
                line.trim_end().to_string()
            } else {
                wrap(line, most)
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `text` wrapped to the output's width, two columns spare (see [`wrap`]).
pub fn fill(text: &str) -> String {
    wrap(text, width() - 2)
}

/// Flushes standard output (a prompt has no newline).
pub fn flush() {
    let _ = io::stdout().flush();
}

/// `text` with ANSI `code` (for instance `1` bold, `31` red) when `colour` is on.
pub fn paint(colour: bool, code: &str, text: &str) -> String {
    if colour {
        format!("\x1b[{code}m{text}\x1b[0m")
    } else {
        text.to_string()
    }
}

pub use game_core::capitalise;

/// `1 potion`, `2 potions`.
pub fn count(n: usize, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
    }
}

/// Most characters of typed text shown back.
pub const SHOWN: usize = game_core::SHOWN;

/// Typed text as shown back: control characters escaped (`\t`, `\u{1b}`), and cut to
/// [`SHOWN`] characters with `…` when longer.
pub use game_core::shorten as short;

/// [`short`], cut to `most` characters.
pub use game_core::shorten_to as short_to;

/// `message` with every long piece of `typed` in it (the whole line, or one of its words) cut
/// as [`short`] shows it, so that no refusal repeats a long line in full.
pub fn cut_input(message: &str, typed: &str) -> String {
    let mut out = message.to_string();
    let pieces = std::iter::once(typed).chain(typed.split(|c: char| c.is_whitespace() || c == ','));
    for piece in pieces {
        if piece.chars().count() > SHOWN || piece.chars().any(char::is_control) {
            let quoted = format!("{piece:?}");
            out = out.replace(&quoted, &format!("\"{}\"", short(piece)));
            out = out.replace(piece, &short(piece));
        }
    }
    out
}

/// `text` wrapped at `width` columns, paragraph by paragraph, at spaces only (a word longer
/// than the line stands on a line of its own; a character counts one column). A paragraph's
/// indentation, and a list item's `- `, indent its following lines too.
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    for (i, paragraph) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let body = paragraph.trim_start_matches(' ');
        let indent = paragraph.len() - body.len();
        let hanging = indent + if body.starts_with("- ") { 2 } else { 0 };
        out.push_str(&" ".repeat(indent));
        let mut column = indent;
        let mut first = true;
        for word in body.split(' ').filter(|w| !w.is_empty()) {
            let len = visible_width(word);
            if !first && column + 1 + len > width {
                out.push('\n');
                out.push_str(&" ".repeat(hanging));
                column = hanging;
            } else if !first {
                out.push(' ');
                column += 1;
            }
            out.push_str(word);
            column += len;
            first = false;
        }
    }
    out
}

/// The columns `text` takes on a terminal: its characters less ANSI colour codes, Chinese
/// characters (and other wide ones) two columns each.
pub fn visible_width(text: &str) -> usize {
    let mut width = 0;
    let mut in_code = false;
    for c in text.chars() {
        match (in_code, c) {
            (false, '\x1b') => in_code = true,
            (false, _) => width += if is_wide(c) { 2 } else { 1 },
            (true, 'm') => in_code = false,
            (true, _) => {}
        }
    }
    width
}

/// Whether a terminal shows `c` two columns wide: the East Asian wide ranges (Hangul Jamo, CJK
/// and its punctuation, Hangul syllables, compatibility ideographs, full-width forms).
fn is_wide(c: char) -> bool {
    matches!(u32::from(c),
        0x1100..=0x115F | 0x2E80..=0x303E | 0x3041..=0x33FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF
        | 0xA000..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF | 0xFE30..=0xFE4F
        | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6 | 0x20000..=0x3FFFD)
}

/// Whether colour is wanted: standard output is a terminal and `NO_COLOR` is unset or empty (see
/// <https://no-color.org>).
pub fn wants_colour() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && io::stdout().is_terminal()
}
