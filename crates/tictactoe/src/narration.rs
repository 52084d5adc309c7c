//! Narration: what a person reads about each move and the end.

use game_core::Narrate;

use crate::{Outcome, TicTacToe};

impl Narrate for TicTacToe {
    fn narrate(before: &Self, joint: &[Self::Action], _after: &Self) -> Vec<String> {
        let mark = before.to_move().map_or("?".to_string(), |m| m.to_string());
        joint
            .iter()
            .map(|cell| format!("{mark} plays {cell}."))
            .collect()
    }

    fn closing(state: &Self) -> Vec<String> {
        match state.outcome() {
            Some(Outcome::Winner(mark)) => {
                vec![format!("{mark} wins with {}!", state.winning_cells())]
            }
            Some(Outcome::Draw) => vec!["It's a draw.".to_string()],
            None => Vec::new(),
        }
    }
}
