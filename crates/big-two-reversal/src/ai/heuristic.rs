//! The three rule-based AIs of the original program.

use cards_core::CardSet;
use game_core::{Agent, Decision};

use crate::action::{Action, Play, Shape};
use crate::ai::scoring::{HandScore, score_hand};
use crate::moves::THREE_OF_CLUBS;
use crate::rules::RankOrder;
use crate::state::{BigTwo, Observation};

/// AI1: holding 3♣ at the start, play it alone; on a lead, the lowest single; when following,
/// the lowest combination of the table's type that beats it; otherwise pass.
///
/// "Lowest" is by strength in the order in force; between plays of equal strength it prefers
/// fewer jokers, then the lower cards.
#[derive(Clone, Debug, Default)]
pub struct Ai1;

/// How AI2 and AI3 compare remaining hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scoring {
    /// The lowest score.
    Total,
    /// The fewest cards scoring above 0.06, then the lowest score.
    WeakCardsFirst,
}

/// AI2 (hand scoring): plays the legal combination whose remaining hand scores lowest (see
/// [`score_hand`](crate::score_hand)); passes when it cannot play.
#[derive(Clone, Debug, Default)]
pub struct Ai2;

/// AI3: like [`Ai2`], but first minimises the number of remaining cards scoring above 0.06.
#[derive(Clone, Debug, Default)]
pub struct Ai3;

/// A play's sort key for "lowest": strength, then jokers used, then the cards.
fn lowness(play: &Play, order: RankOrder) -> (u16, usize, u64) {
    (
        play.key(order),
        play.cards().jokers().len(),
        play.cards().bits(),
    )
}

/// AI1's choice among `legal`.
pub(crate) fn ai1_choose(
    hand: CardSet,
    order: RankOrder,
    leading: bool,
    legal: &[Action],
) -> Action {
    let plays = legal.iter().filter_map(Action::play);
    let three = Play::set(
        CardSet::single(THREE_OF_CLUBS),
        CardSet::EMPTY,
        cards_core::Rank::Three,
    );
    if hand.contains(THREE_OF_CLUBS) && legal.contains(&Action::Play(three)) {
        return Action::Play(three);
    }
    let best = if leading {
        plays
            .filter(|p| p.shape() == Shape::Single)
            .min_by_key(|p| lowness(p, order))
    } else {
        plays.min_by_key(|p| lowness(p, order))
    };
    match best {
        Some(p) => Action::Play(*p),
        None => legal.first().copied().unwrap_or(Action::Pass),
    }
}

/// The AI2/AI3 choice among `legal` for a seat holding `hand` with `unseen` cards unseen.
fn scoring_choose(
    hand: CardSet,
    unseen: CardSet,
    order: RankOrder,
    legal: &[Action],
    scoring: Scoring,
) -> Action {
    let mut best: Option<(Play, HandScore)> = None;
    for play in legal.iter().filter_map(Action::play) {
        let after = if play.reverses() {
            order.flipped()
        } else {
            order
        };
        let score = score_hand(hand - play.cards(), unseen, after);
        let better = match &best {
            None => true,
            Some((_, b)) => match scoring {
                Scoring::Total => score.total < b.total,
                Scoring::WeakCardsFirst => {
                    (score.weak_cards, score.total) < (b.weak_cards, b.total)
                }
            },
        };
        if better && !score.total.is_nan() {
            best = Some((*play, score));
        }
    }
    if let Some((play, _)) = best {
        return Action::Play(play);
    }
    // The original fallback: the first single, or pass.
    legal
        .iter()
        .find(|a| a.play().is_some_and(|p| p.shape() == Shape::Single))
        .or_else(|| legal.iter().find(|a| **a == Action::Pass))
        .or(legal.first())
        .copied()
        .unwrap_or(Action::Pass)
}

/// AI2's choice.
pub(crate) fn ai2_choose(
    hand: CardSet,
    unseen: CardSet,
    order: RankOrder,
    legal: &[Action],
) -> Action {
    scoring_choose(hand, unseen, order, legal, Scoring::Total)
}

/// AI3's choice.
pub(crate) fn ai3_choose(
    hand: CardSet,
    unseen: CardSet,
    order: RankOrder,
    legal: &[Action],
) -> Action {
    scoring_choose(hand, unseen, order, legal, Scoring::WeakCardsFirst)
}

fn view(observation: &Observation) -> (CardSet, CardSet, RankOrder, bool) {
    let table = observation.table();
    (
        observation.hand(),
        observation.unseen(),
        table.order(),
        table.trick().is_none(),
    )
}

impl Agent<BigTwo> for Ai1 {
    fn name(&self) -> &str {
        "ai1"
    }

    fn choose(&mut self, decision: &Decision<'_, BigTwo>) -> Action {
        let (hand, _, order, leading) = view(decision.observation());
        ai1_choose(hand, order, leading, decision.legal())
    }
}

impl Agent<BigTwo> for Ai2 {
    fn name(&self) -> &str {
        "ai2"
    }

    fn choose(&mut self, decision: &Decision<'_, BigTwo>) -> Action {
        let (hand, unseen, order, _) = view(decision.observation());
        ai2_choose(hand, unseen, order, decision.legal())
    }
}

impl Agent<BigTwo> for Ai3 {
    fn name(&self) -> &str {
        "ai3"
    }

    fn choose(&mut self, decision: &Decision<'_, BigTwo>) -> Action {
        let (hand, unseen, order, _) = view(decision.observation());
        ai3_choose(hand, unseen, order, decision.legal())
    }
}
