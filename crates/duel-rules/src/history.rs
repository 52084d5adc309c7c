//! The rounds a game has played, kept for its information states: a list shared between
//! clones, so that cloning a game stays a copy of a few words and a round adds one node.

use std::fmt;
use std::sync::Arc;

use crate::action::Action;
use crate::rules::{MAX_PLAYERS, RuleSet};

/// The move index of a seat that is out (its only action, `out`).
const OUT: u8 = u8::MAX;

/// One seat's action in a played round: the index of its move in the rule set ([`OUT`] for
/// `out`) and, for an attack, the attacked seat. Two bytes, where an [`Action`] takes 32.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Played {
    mv: u8,
    target: u8,
}

impl Played {
    /// `out`.
    pub(crate) const OUT: Played = Played { mv: OUT, target: 0 };

    /// Move `mv` of the rule set (below [`MAX_MOVES`](crate::MAX_MOVES), so it fits) aimed at
    /// `target` (below [`MAX_PLAYERS`]; the seat itself for a move that is not an attack).
    pub(crate) fn new(mv: usize, target: usize) -> Played {
        Played {
            mv: u8::try_from(mv).unwrap_or(OUT),
            target: u8::try_from(target).unwrap_or(0),
        }
    }

    /// The move's index in the rule set, `None` for `out`.
    pub(crate) fn move_index(self) -> Option<usize> {
        (self.mv != OUT).then_some(usize::from(self.mv))
    }

    /// The attacked seat, for an attack in a free-for-all of `players`.
    pub(crate) fn target(self, rules: &RuleSet, players: usize) -> Option<usize> {
        let attack = rules.moves().get(self.move_index()?)?.is_attack();
        (attack && players > 2).then_some(usize::from(self.target))
    }

    /// The action as the players gave it.
    pub(crate) fn action(self, rules: &RuleSet, players: usize) -> Action {
        let Some(m) = self.move_index().and_then(|i| rules.moves().get(i)) else {
            return Action::Out;
        };
        match self.target(rules, players) {
            Some(target) => Action::attack(m.name, target),
            None => Action::play(m.name),
        }
    }
}

/// A round's actions, one per seat (seats past the table's size unused).
pub(crate) type Joint = [Played; MAX_PLAYERS];

/// The rounds played since a game's origin, newest first; `count` is the number of rounds up
/// to and including a node's.
struct Node {
    joint: Joint,
    count: u32,
    earlier: Rounds,
}

/// The rounds played since a game's origin, a list shared between clones.
#[derive(Clone, Default)]
pub(crate) struct Rounds(Option<Arc<Node>>);

impl Rounds {
    /// Adds `joint` as the newest round. The list moves into the new node rather than being
    /// cloned into it, so a round costs one allocation and no change of reference counts.
    pub(crate) fn push(&mut self, joint: Joint) {
        let count = self.len().saturating_add(1);
        let earlier = std::mem::take(self);
        *self = Rounds(Some(Arc::new(Node {
            joint,
            count,
            earlier,
        })));
    }

    /// How many rounds.
    pub(crate) fn len(&self) -> u32 {
        self.0.as_ref().map_or(0, |node| node.count)
    }

    /// The rounds, newest first.
    pub(crate) fn newest_first(&self) -> impl Iterator<Item = &Joint> {
        let mut at = self.0.as_deref();
        std::iter::from_fn(move || {
            let node = at?;
            at = node.earlier.0.as_deref();
            Some(&node.joint)
        })
    }

    /// The rounds, oldest first.
    pub(crate) fn oldest_first(&self) -> Vec<Joint> {
        let mut rounds: Vec<Joint> = self.newest_first().copied().collect();
        rounds.reverse();
        rounds
    }
}

impl PartialEq for Rounds {
    /// Round by round, without recursion (lists can be a million rounds long); a shared tail
    /// is equal at once.
    fn eq(&self, other: &Self) -> bool {
        let (mut a, mut b) = (&self.0, &other.0);
        loop {
            match (a, b) {
                (None, None) => return true,
                (Some(x), Some(y)) => {
                    if Arc::ptr_eq(x, y) {
                        return true;
                    }
                    if x.count != y.count || x.joint != y.joint {
                        return false;
                    }
                    a = &x.earlier.0;
                    b = &y.earlier.0;
                }
                _ => return false,
            }
        }
    }
}

impl Eq for Rounds {}

impl Drop for Rounds {
    /// Node by node, without recursion: dropping a long list recursively would overflow the
    /// stack.
    fn drop(&mut self) {
        // `into_inner` gives the node only to the last owner (a clone's drop stops at once).
        let mut next = self.0.take();
        while let Some(mut node) = next.and_then(Arc::into_inner) {
            next = node.earlier.0.take();
        }
    }
}

impl fmt::Debug for Rounds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.oldest_first()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_million_rounds_compare_and_drop_without_recursion() {
        let joint = [Played::new(1, 0); MAX_PLAYERS];
        let mut long = Rounds::default();
        let mut other = Rounds::default();
        for _ in 0..1_000_000 {
            long.push(joint);
            other.push(joint);
        }
        assert_eq!(long.len(), 1_000_000);
        assert_eq!(long, other);
        let shared = long.clone();
        assert_eq!(shared, long);
        drop(long);
        assert_eq!(shared.newest_first().count(), 1_000_000);
        let then = |joint| {
            let mut longer = shared.clone();
            longer.push(joint);
            longer
        };
        assert_ne!(shared, then(joint));
        assert_ne!(then([Played::OUT; MAX_PLAYERS]), then(joint));
        // A round pushed onto a clone leaves the list it was cloned from as it was.
        let mut grown = shared.clone();
        grown.push(joint);
        assert_eq!(shared.len(), 1_000_000);
        assert_eq!(grown.len(), 1_000_001);
        assert!(grown.newest_first().skip(1).eq(shared.newest_first()));
    }

    #[test]
    fn played_actions_read_back() {
        let rules = RuleSet::hk();
        let shoot = rules.find("shoot").unwrap();
        let charge = rules.find("charge").unwrap();
        assert_eq!(
            Played::new(shoot, 2).action(&rules, 3).to_string(),
            "shoot@3"
        );
        assert_eq!(Played::new(shoot, 1).action(&rules, 2).to_string(), "shoot");
        assert_eq!(
            Played::new(charge, 0).action(&rules, 3).to_string(),
            "charge"
        );
        assert_eq!(Played::OUT.action(&rules, 3), Action::Out);
        assert_eq!(Played::OUT.move_index(), None);
    }
}
