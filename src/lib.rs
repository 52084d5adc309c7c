#![doc = include_str!("../README.md")]
//!
//! ## This package
//!
//! The umbrella package `recess` re-exports every crate of the workspace, with game-core's
//! features `arena` and `testing` turned on, and with its default feature `svg` every game's
//! pictures ([`game_core::svg::ToSvg`]) and [`replay`], records as self-contained HTML pages.

pub use big_two_reversal;
pub use cards_core;
pub use duel_rules;
pub use game_core;
pub use life_go;
pub use scoundrel;
pub use tictactoe;

#[cfg(feature = "svg")]
pub mod replay;

/// The pages under `docs/`, compiled with the doctests so that any Rust code they show stays
/// true, as the README's does (their Python examples run in CI: `.ci/test_doc_blocks.py`).
#[cfg(doctest)]
mod docs_pages {
    #[doc = include_str!("../docs/rust.md")]
    struct Rust;
    #[doc = include_str!("../docs/play.md")]
    struct Play;
    #[doc = include_str!("../docs/python.md")]
    struct Python;
    #[doc = include_str!("../docs/arena.md")]
    struct Arena;
    #[doc = include_str!("../docs/benchmarks.md")]
    struct Benchmarks;
}
