#![doc = include_str!("../README.md")]
//!
//! ## This package
//!
//! The umbrella package `recess` re-exports every crate of the workspace (each game with its
//! pictures, [`game_core::svg::ToSvg`]), and [`games`], the one registry of the built-in games
//! that its `arena` and `replay` programs and the Python package read.

pub use big_two_reversal;
pub use cards_core;
pub use duel_rules;
pub use game_arena;
pub use game_core;
pub use game_replay;
pub use game_search;
pub use game_terminal;
pub use game_testkit;
pub use life_go;
pub use scoundrel;
pub use tictactoe;

pub mod games;

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
