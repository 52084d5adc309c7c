//! Serde through text: types people type (cards, moves) are stored as the text they print, so
//! records stay readable and there is one parser to trust.

/// Implements `serde::Serialize` with the type's `Display` (optionally a format string such as
/// `"{:#}"`) and `serde::Deserialize` with its `FromStr`, whose error becomes the serde error.
///
/// ```
/// use std::fmt;
/// use std::str::FromStr;
///
/// #[derive(Debug, PartialEq)]
/// struct Cell(u8);
///
/// impl fmt::Display for Cell {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         write!(f, "c{}", self.0)
///     }
/// }
///
/// impl FromStr for Cell {
///     type Err = String;
///     fn from_str(s: &str) -> Result<Self, String> {
///         s.strip_prefix('c').and_then(|n| n.parse().ok()).map(Cell).ok_or(format!("{s:?} is not a cell"))
///     }
/// }
///
/// game_core::serde_as_text!(Cell);
///
/// assert_eq!(serde_json::to_string(&Cell(7)).unwrap(), r#""c7""#);
/// assert_eq!(serde_json::from_str::<Cell>(r#""c7""#).unwrap(), Cell(7));
/// assert!(serde_json::from_str::<Cell>(r#""x""#).is_err());
/// ```
#[macro_export]
macro_rules! serde_as_text {
    ($ty:ty) => {
        $crate::serde_as_text!($ty, "{}");
    };
    ($ty:ty, $format:literal) => {
        impl $crate::__private::serde::Serialize for $ty {
            fn serialize<S: $crate::__private::serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                serializer.collect_str(&::core::format_args!($format, self))
            }
        }

        impl<'de> $crate::__private::serde::Deserialize<'de> for $ty {
            fn deserialize<D: $crate::__private::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<Self, D::Error> {
                let text: ::std::string::String =
                    $crate::__private::serde::Deserialize::deserialize(deserializer)?;
                text.parse()
                    .map_err(<D::Error as $crate::__private::serde::de::Error>::custom)
            }
        }
    };
}

/// Most characters of quoted input an error message shows.
pub const SHOWN: usize = 40;

/// Input as an error message quotes it: control characters escaped (`\t`, `\u{1b}`), and cut to
/// [`SHOWN`] characters with `…` when longer, so that no message repeats a long input in full.
///
/// ```
/// assert_eq!(game_core::shorten("e4"), "e4");
/// assert_eq!(game_core::shorten(&"x".repeat(100)), format!("{}…", "x".repeat(40)));
/// assert_eq!(game_core::shorten("a\tb"), "a\\tb");
/// ```
pub fn shorten(text: &str) -> String {
    shorten_to(text, SHOWN)
}

/// [`shorten`], cut to `most` characters: for a line with less room than a message has.
///
/// ```
/// assert_eq!(game_core::shorten_to("abcdef", 3), "abc…");
/// ```
pub fn shorten_to(text: &str, most: usize) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == most {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}

/// `text` with its first letter in capitals: a sentence made of a phrase.
///
/// ```
/// assert_eq!(game_core::capitalise("player 2 passes."), "Player 2 passes.");
/// assert_eq!(game_core::capitalise(""), "");
/// ```
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
