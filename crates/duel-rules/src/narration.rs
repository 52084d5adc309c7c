//! Narration: what a person reads about each round and the end.

use game_core::{Game, Narrate, PlayerResult, capitalise};

use crate::Duel;

impl Narrate for Duel {
    fn narrate(before: &Self, joint: &[Self::Action], _after: &Self) -> Vec<String> {
        let mut lines = Vec::new();
        for (p, action) in joint.iter().enumerate() {
            let Some(name) = action.name() else {
                continue;
            };
            let rules = before.rules();
            let chinese = rules
                .index_of(name)
                .map(|i| rules.moves()[i].chinese.clone())
                .unwrap_or_default();
            let described = match action.target() {
                Some(t) => format!("{name} ({chinese}) at player {}", t + 1),
                None => format!("{name} ({chinese})"),
            };
            lines.push(format!("Player {} plays {described}.", p + 1));
        }
        let mut replayed = before.clone();
        match replayed.play_round(joint) {
            Ok(round) if round.events.is_empty() => lines.push("Nothing happens.".to_string()),
            Ok(round) => lines.extend(
                round
                    .events
                    .iter()
                    .map(|e| format!("{}.", capitalise(&e.to_string()))),
            ),
            Err(e) => lines.push(format!("(the round was refused: {e})")),
        }
        lines
    }

    fn closing(state: &Self) -> Vec<String> {
        let mut lines = vec![format!("Game over after {} rounds.", state.round())];
        for p in 0..state.num_players() {
            let verdict = match state.result(p) {
                Some(PlayerResult::Win) => "wins",
                Some(PlayerResult::Draw) => "draws",
                Some(PlayerResult::Loss) => "loses",
                None => continue,
            };
            lines.push(format!("Player {} {verdict}.", p + 1));
        }
        lines
    }

    fn opening(_state: &Self) -> Vec<String> {
        vec!["The start: every round, everyone chooses a move at once.".to_string()]
    }
}
