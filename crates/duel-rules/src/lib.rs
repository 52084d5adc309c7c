//! # duel-rules
//!
//! WIP docs.

pub mod action;
pub mod ai;
pub mod error;
pub mod rules;
pub mod state;

pub use action::Action;
pub use ai::{AlwaysAgent, DiceAgent, EquilibriumAgent, Solution, SolverOptions};
pub use error::DuelError;
pub use rules::{
    DuelConfig, Effect, EffectSpec, LowHealthBonus, MAX_PLAYERS, Move, MoveName, MoveSpec,
    Overwhelm, Preset, RuleSet, RuleSpec,
};
pub use state::{Duel, Event, Fighter, Round};
