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

/// Rounds a node holds, and the rounds a game keeps in place before it moves them into a node:
/// so random play allocates once every this many rounds, and a clone copies those few rounds
/// and shares the nodes.
const CHUNK: usize = 8;

/// [`CHUNK`] rounds, oldest first, on the full nodes before them; `count` is the number of
/// rounds up to and including this node's last.
struct Node {
    joints: [Joint; CHUNK],
    count: u32,
    earlier: Option<Arc<Node>>,
}

/// The rounds played since a game's origin: the latest few in place, the rest in full nodes
/// shared between clones.
#[derive(Clone, Default)]
pub(crate) struct Rounds {
    /// The rounds after the nodes', oldest first: `recent[..recent_len]`.
    recent: [Joint; CHUNK],
    recent_len: u8,
    nodes: Option<Arc<Node>>,
}

impl Rounds {
    /// Adds `joint` as the newest round, first moving the rounds kept in place into a node of
    /// their own when there is no room for it.
    pub(crate) fn push(&mut self, joint: Joint) {
        if usize::from(self.recent_len) == CHUNK {
            let earlier = self.nodes.take();
            let count = earlier.as_ref().map_or(0, |node| node.count);
            self.nodes = Some(Arc::new(Node {
                joints: self.recent,
                count: count.saturating_add(CHUNK as u32),
                earlier,
            }));
            self.recent_len = 0;
        }
        self.recent[usize::from(self.recent_len)] = joint;
        self.recent_len += 1;
    }

    /// How many rounds.
    pub(crate) fn len(&self) -> u32 {
        let in_nodes = self.nodes.as_ref().map_or(0, |node| node.count);
        in_nodes.saturating_add(u32::from(self.recent_len))
    }

    /// The rounds, newest first.
    pub(crate) fn newest_first(&self) -> impl Iterator<Item = &Joint> {
        let mut at = self.nodes.as_deref();
        let nodes = std::iter::from_fn(move || {
            let node = at?;
            at = node.earlier.as_deref();
            Some(node.joints.iter().rev())
        });
        let recent = self.recent[..usize::from(self.recent_len)].iter().rev();
        recent.chain(nodes.flatten())
    }

    /// The rounds, oldest first.
    pub(crate) fn oldest_first(&self) -> Vec<Joint> {
        let mut rounds: Vec<Joint> = self.newest_first().copied().collect();
        rounds.reverse();
        rounds
    }
}

impl PartialEq for Rounds {
    /// Round by round, without recursion (lists can be a million rounds long).
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.newest_first().eq(other.newest_first())
    }
}

impl Eq for Rounds {}

impl Drop for Rounds {
    /// Node by node, without recursion: dropping a long list recursively would overflow the
    /// stack.
    fn drop(&mut self) {
        // `into_inner` gives the node only to the last owner (a clone's drop stops at once).
        let mut next = self.nodes.take();
        while let Some(mut node) = next.and_then(Arc::into_inner) {
            next = node.earlier.take();
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
    fn clones_taken_mid_node_keep_their_own_rounds() {
        let joint = |i: usize| [Played::new(i % 7, i % 3); MAX_PLAYERS];
        let built = |rounds: std::ops::Range<usize>, mut list: Rounds| {
            rounds.for_each(|i| list.push(joint(i)));
            list
        };
        for split in 0..3 * CHUNK {
            let base = built(0..split, Rounds::default());
            // Two games that part at `split`, and the first one's rounds pushed without a
            // clone: nodes split differently there, yet the lists are equal.
            let mine = built(split..split + 5, base.clone());
            let mut theirs = base.clone();
            (0..5).for_each(|_| theirs.push([Played::OUT; MAX_PLAYERS]));
            let whole = built(0..split + 5, Rounds::default());
            let model: Vec<Joint> = (0..split + 5).map(joint).collect();
            assert_eq!(mine.oldest_first(), model, "split {split}");
            assert_eq!(base.oldest_first(), model[..split], "split {split}");
            assert_eq!(theirs.len() as usize, split + 5);
            assert_eq!(mine, whole);
            assert_ne!(mine, theirs);
        }
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
