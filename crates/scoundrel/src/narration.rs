//! Narration: what a person reads about each move and the end.

use game_core::{Narrate, capitalise};

use crate::{Action, MONSTERS, Scoundrel, WEAPONS};

impl Narrate for Scoundrel {
    fn opening(_state: &Self) -> Vec<String> {
        vec!["The first Room is dealt.".to_string()]
    }

    fn narrate(before: &Self, joint: &[Self::Action], _after: &Self) -> Vec<String> {
        let t = before.table();
        joint
            .iter()
            .map(|&action| {
                let words = match action {
                    Action::Avoid => "avoid the Room".to_string(),
                    Action::FaceWithWeapon(c) => {
                        format!("fight {c} with the weapon (−{})", t.damage(c, true))
                    }
                    Action::Face(c) if MONSTERS.contains(c) => {
                        format!("fight {c} barehanded (−{})", t.damage(c, false))
                    }
                    Action::Face(c) if WEAPONS.contains(c) => format!("equip {c}"),
                    Action::Face(c) if t.potion_used() => {
                        format!("drink {c} (a second potion: no effect)")
                    }
                    Action::Face(c) => format!("drink {c}"),
                };
                format!("{}.", capitalise(&words))
            })
            .collect()
    }

    fn closing(state: &Self) -> Vec<String> {
        let score = state.score().unwrap_or(0);
        if state.table().is_won() {
            vec![format!("Through the Dungeon alive. Score {score}.")]
        } else {
            vec![format!("The Dungeon got the better of it. Score {score}.")]
        }
    }
}
