//! The three rule-based AIs of the original program.

use cards_core::{Card, CardSet};
use game_core::{Agent, Decision, FxHashMap};

use crate::action::{Action, Play, Shape};
use crate::ai::scoring::{HandScore, score_hand};
use crate::hands::Combination;
use crate::moves::{self, Situation, THREE_OF_CLUBS};
use crate::rules::{Config, RankOrder};
use crate::state::{BigTwo, Observation};

/// AI1: holding the opening card at the start (3♣ in the default game), play it alone; on a
/// lead, the lowest single; when following, the lowest play that beats the table; otherwise
/// pass.
///
/// "Lowest" is by strength in the order in force, as the rules compare plays (under a standard
/// rule set a single's suit counts where suits break ties, and a five-card hand of a lower type
/// is lower); between plays of equal strength it prefers fewer jokers, then the lower cards.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
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
#[non_exhaustive]
pub struct Ai2;

/// AI3: like [`Ai2`], but first minimises the number of remaining cards scoring above 0.06.
///
/// ```
/// use big_two_reversal::prelude::*;
///
/// let game = BigTwo::new(Config::default(), 7)?;
/// let Turn::Player(seat) = game.turn() else { unreachable!() };
/// let (view, legal) = (game.observation(seat), game.legal_actions(seat));
/// let decision = Decision::new(seat, &view, &legal).expect("a seat to move has legal actions");
/// let mut ai3 = Ai3::new(0);
/// let chosen = ai3.choose(&decision);
/// assert!(legal.contains(&chosen));
/// // AI3 draws no random numbers: any seed chooses alike.
/// assert_eq!(Ai3::new(99).choose(&decision), chosen);
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct Ai3;

macro_rules! seedless_new {
    ($($agent:ident),*) => {$(
        impl $agent {
            /// The player. It draws no random numbers, so `seed` is unused: it is taken so that
            /// every agent is built alike (`Default` is the same player).
            pub fn new(seed: u64) -> Self {
                let _ = seed;
                $agent
            }
        }
    )*};
}

seedless_new!(Ai1, Ai2, Ai3);

/// A play's sort key for "lowest": strength, then jokers used, then the cards.
fn lowness(play: &Play, order: RankOrder) -> (u16, usize, u64) {
    (
        play.key(order),
        play.cards().jokers().len(),
        play.cards().bits(),
    )
}

/// A standard rule set's play's sort key for "lowest": its strength as the rules compare it (a
/// five-card hand's type above every strength within a type), then the cards.
fn standard_lowness(play: &Play, order: RankOrder, config: &Config) -> (u32, u64) {
    let key = Combination::new(play.cards(), config).map_or(u32::MAX, |c| c.key(order));
    (key, play.cards().bits())
}

/// The order after `play` under `config`: flipped by a play that reverses it.
pub(crate) fn order_after(play: &Play, order: RankOrder, config: &Config) -> RankOrder {
    let reverses = if config.is_reversal() {
        play.reverses()
    } else {
        config.reversal && Combination::new(play.cards(), config).is_ok_and(|c| c.kind().has_four())
    };
    if reverses { order.flipped() } else { order }
}

/// AI1's choice among `legal` under a standard rule set, `opening` being the card the game's
/// first play must contain while it is to come.
fn ai1_standard(
    hand: CardSet,
    order: RankOrder,
    leading: bool,
    opening: Option<Card>,
    config: &Config,
    legal: &[Action],
) -> Action {
    let plays = legal.iter().filter_map(Action::play);
    if let Some(card) = opening.filter(|&c| hand.contains(c))
        && let Some(alone) = plays.clone().find(|p| p.cards() == CardSet::single(card))
    {
        return Action::Play(*alone);
    }
    let best = if leading {
        plays
            .filter(|p| p.cards().len() == 1)
            .min_by_key(|p| standard_lowness(p, order, config))
    } else {
        plays.min_by_key(|p| standard_lowness(p, order, config))
    };
    match best {
        Some(p) => Action::Play(*p),
        None => legal.first().copied().unwrap_or(Action::Pass),
    }
}

/// AI1's choice among `legal` under `config`.
pub(crate) fn ai1_choose(
    hand: CardSet,
    order: RankOrder,
    leading: bool,
    opening: Option<Card>,
    config: &Config,
    legal: &[Action],
) -> Action {
    if !config.is_reversal() {
        return ai1_standard(hand, order, leading, opening, config, legal);
    }
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

/// Whether AI2 and AI3 can pass over `play` from `hand` without scoring it: a joker stands
/// in it for a card the hand holds and does not play (or the red joker is used alone while the
/// black one is held). The play that uses that card (or the black joker) instead is listed
/// earlier in the legal actions and leaves a hand that scores no worse (a joker is wild and
/// scores 0; the black and the red joker score alike), so it is never AI2's or AI3's choice.
pub(crate) fn outclassed(play: &Play, hand: CardSet) -> bool {
    let jokers = play.cards().jokers();
    if jokers.is_empty() || play.is_jokers_alone() {
        return false;
    }
    if jokers == CardSet::single(Card::RED_JOKER) && hand.contains(Card::BLACK_JOKER) {
        return true;
    }
    match play.shape() {
        Shape::StraightFlush(_) => play.declared().intersects(hand),
        _ => play
            .set_rank()
            .is_some_and(|rank| !play.cards().contains_all(hand.of_rank(rank))),
    }
}

/// The AI2/AI3 choice among `legal` (the legal actions in the order the game lists them) for a
/// seat holding `hand` with `unseen` cards unseen; [`scoring_choose_reference`] scores every
/// play.
fn scoring_choose(
    hand: CardSet,
    unseen: CardSet,
    order: RankOrder,
    config: &Config,
    legal: &[Action],
    scoring: Scoring,
) -> Action {
    let plays = legal
        .iter()
        .filter_map(Action::play)
        .filter(|p| !outclassed(p, hand));
    // A lone play is chosen whatever it scores (a hand's score is never NaN).
    let mut first_two = plays.clone().take(2);
    if let (Some(only), None) = (first_two.next(), first_two.next()) {
        return Action::Play(*only);
    }
    choose_among(hand, unseen, order, config, legal, scoring, plays)
}

/// The plain definition of [`scoring_choose`]: every play scored.
#[cfg(test)]
fn scoring_choose_reference(
    hand: CardSet,
    unseen: CardSet,
    order: RankOrder,
    config: &Config,
    legal: &[Action],
    scoring: Scoring,
) -> Action {
    choose_among(
        hand,
        unseen,
        order,
        config,
        legal,
        scoring,
        legal.iter().filter_map(Action::play),
    )
}

/// The play of `plays` whose remaining hand scores best (the first of equals), else the
/// original program's fallback from `legal`.
fn choose_among<'a>(
    hand: CardSet,
    unseen: CardSet,
    order: RankOrder,
    config: &Config,
    legal: &[Action],
    scoring: Scoring,
    plays: impl Iterator<Item = &'a Play>,
) -> Action {
    let mut best: Option<(Play, HandScore)> = None;
    for play in plays {
        let after = order_after(play, order, config);
        let score = score_hand(hand - play.cards(), unseen, after, config);
        // Scores are compared exactly, so that equal scores are equal and the first of
        // them, in the legal actions' order, is kept.
        let better = match &best {
            None => true,
            Some((_, b)) => match scoring {
                Scoring::Total => score.cmp_total(b).is_lt(),
                Scoring::WeakCardsFirst => score
                    .weak_cards
                    .cmp(&b.weak_cards)
                    .then_with(|| score.cmp_total(b))
                    .is_lt(),
            },
        };
        if better {
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

/// AI2's choice under `config`.
pub(crate) fn ai2_choose(
    hand: CardSet,
    unseen: CardSet,
    order: RankOrder,
    config: &Config,
    legal: &[Action],
) -> Action {
    scoring_choose(hand, unseen, order, config, legal, Scoring::Total)
}

/// AI3's choice under `config`.
pub(crate) fn ai3_choose(
    hand: CardSet,
    unseen: CardSet,
    order: RankOrder,
    config: &Config,
    legal: &[Action],
) -> Action {
    scoring_choose(hand, unseen, order, config, legal, Scoring::WeakCardsFirst)
}

/// AI3's move in `situation` after the cards `played` (none when it has no move), chosen among
/// the plays it may choose ([`moves::choices_into`], listed into `scratch`): how AI4 plays the
/// other seats and checks their past moves.
pub(crate) fn ai3_move(
    situation: &Situation,
    played: CardSet,
    scratch: &mut Vec<Action>,
) -> Option<Action> {
    moves::choices_into(situation, scratch);
    match scratch.as_slice() {
        [] => None,
        [only] => Some(*only),
        choices => {
            let config = situation.config;
            let unseen = config.deck() - situation.hand - played;
            Some(ai3_choose(
                situation.hand,
                unseen,
                situation.order,
                config,
                choices,
            ))
        }
    }
}

/// A seat's decision by all AI3's move depends on, in four words to hash and compare quickly:
/// the seat's hand, the cards played (which tell whether it is the game's first play), the
/// trick's cards (none when leading) and its meaning, with the rank order in the meaning's
/// unused top bit. The key of AI4's memos.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Position {
    hand: u64,
    played: u64,
    trick: u64,
    meaning_and_order: u64,
}

impl Position {
    /// The position of a seat in `situation` after the cards `played`.
    pub(crate) fn new(situation: &Situation, played: CardSet) -> Self {
        let (trick, meaning) = situation
            .table
            .map_or((0, 0), |t| (t.cards().bits(), t.meaning().bits()));
        Self {
            hand: situation.hand.bits(),
            played: played.bits(),
            trick,
            meaning_and_order: meaning | (situation.order.index() as u64) << 63,
        }
    }
}

/// AI3's moves by position ([`Position`]), each worked out once per decision of AI4: its search
/// goes through the same positions again and again (three in four of AI3's moves in a decision
/// were worked out before), and so do its beliefs' checks of the other seats' past moves (three
/// in five).
#[derive(Clone, Debug, Default)]
pub(crate) struct Ai3Memo {
    moves: FxHashMap<Position, Option<Action>>,
    scratch: Vec<Action>,
}

impl Ai3Memo {
    /// Forgets every move (keeping the memory for the next decision).
    pub(crate) fn clear(&mut self) {
        self.moves.clear();
    }

    /// [`ai3_move`] in `situation` after the cards `played`.
    pub(crate) fn get(&mut self, situation: &Situation, played: CardSet) -> Option<Action> {
        let scratch = &mut self.scratch;
        *self
            .moves
            .entry(Position::new(situation, played))
            .or_insert_with(|| ai3_move(situation, played, scratch))
    }
}

/// What the rule-based AIs see of the game: the hand, the unseen cards, the order in force and
/// whether the seat leads (all from the seat's own observation).
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
        let view_of = decision.observation();
        let (hand, _, order, leading) = view(view_of);
        let table = view_of.table();
        let opening = table.is_first_play().then_some(table.opening());
        ai1_choose(
            hand,
            order,
            leading,
            opening,
            view_of.config(),
            decision.legal(),
        )
    }
}

impl Agent<BigTwo> for Ai2 {
    fn name(&self) -> &str {
        "ai2"
    }

    fn choose(&mut self, decision: &Decision<'_, BigTwo>) -> Action {
        let (hand, unseen, order, _) = view(decision.observation());
        let config = decision.observation().config();
        ai2_choose(hand, unseen, order, config, decision.legal())
    }
}

impl Agent<BigTwo> for Ai3 {
    fn name(&self) -> &str {
        "ai3"
    }

    fn choose(&mut self, decision: &Decision<'_, BigTwo>) -> Action {
        let (hand, unseen, order, _) = view(decision.observation());
        let config = decision.observation().config();
        ai3_choose(hand, unseen, order, config, decision.legal())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::scoring::score_hand;
    use crate::moves::{Situation, legal_into};
    use crate::rules::reversal;
    use game_core::GameRng;

    /// Remainders that score exactly alike are a tie, and the tie goes to the play listed first,
    /// as documented. Added up in floating point, the cards' scores of these remainders came out
    /// unequal in the last bit, and the later play won.
    #[test]
    fn exact_ties_go_to_the_first_legal_action() {
        let cases = [
            (
                "2d 2h 3c 4s 6d 6s 7h 10h Jc Ks",
                "3h 3s 5d 8s Jh Js",
                RankOrder::Reversed,
                Scoring::Total,
                "2d 2h",
                "Ks",
            ),
            (
                "Ac 2s 3s 6d 6s 7s 10d Qd Qs BJ",
                "Ah As 4h 5s",
                RankOrder::Normal,
                Scoring::WeakCardsFirst,
                "6d 6s",
                "Qd Qs",
            ),
            (
                "As 8h Js Kc",
                "Ah 2h 2s 3c 3h 4h 5c 6h 6s 7s 8d 8s 9h 10c Jc Jd Qh BJ",
                RankOrder::Reversed,
                Scoring::WeakCardsFirst,
                "As",
                "Kc",
            ),
        ];
        let mut legal = Vec::new();
        for (hand, unseen, order, scoring, first, later) in cases {
            let (hand, unseen): (CardSet, CardSet) =
                (hand.parse().unwrap(), unseen.parse().unwrap());
            let situation = Situation {
                hand,
                table: None,
                order,
                opening: None,
                config: crate::rules::reversal(),
            };
            legal_into(&situation, &mut legal);
            let (first, later): (Action, Action) = (first.parse().unwrap(), later.parse().unwrap());
            let position = |a: Action| legal.iter().position(|&b| b == a).unwrap();
            assert!(position(first) < position(later));
            let left = |a: Action| score_hand(hand - a.cards(), unseen, order, &Config::default());
            assert_eq!(
                left(first).cmp_total(&left(later)),
                std::cmp::Ordering::Equal
            );
            assert_eq!(left(first).total, left(later).total);
            if scoring == Scoring::WeakCardsFirst {
                assert_eq!(left(first).weak_cards, left(later).weak_cards);
            }
            assert_eq!(
                scoring_choose(hand, unseen, order, reversal(), &legal, scoring),
                first
            );
            assert_eq!(
                scoring_choose_reference(hand, unseen, order, reversal(), &legal, scoring),
                first
            );
        }
    }

    #[test]
    fn skipping_outclassed_plays_changes_no_choice() {
        let mut rng = GameRng::new(11);
        let mut legal = Vec::new();
        let mut table_plays = Vec::new();
        let mut choices = Vec::new();
        let mut cards: Vec<Card> = CardSet::ALL.iter().collect();
        for round in 0..3000 {
            rng.shuffle(&mut cards);
            let size = 1 + rng.index(16);
            // Jokers in most hands, so that outclassed plays are common.
            let mut hand: CardSet = cards[..size].iter().copied().collect();
            if round % 3 != 0 {
                hand |= CardSet::JOKERS;
            }
            let unseen = match round % 5 {
                0 => CardSet::EMPTY,
                _ => {
                    cards[size..size + rng.index(30)]
                        .iter()
                        .copied()
                        .collect::<CardSet>()
                        - hand
                }
            };
            let order = if round % 2 == 0 {
                RankOrder::Normal
            } else {
                RankOrder::Reversed
            };
            let other: CardSet = cards[20..34].iter().copied().collect::<CardSet>() - hand;
            legal_into(
                &Situation {
                    hand: other,
                    table: None,
                    order,
                    opening: None,
                    config: crate::rules::reversal(),
                },
                &mut table_plays,
            );
            let table = match round % 4 {
                0 => None,
                _ => rng.choose(&table_plays).and_then(Action::play).copied(),
            };
            legal_into(
                &Situation {
                    hand,
                    table,
                    order,
                    opening: (round % 7 == 0).then_some(THREE_OF_CLUBS),
                    config: crate::rules::reversal(),
                },
                &mut legal,
            );
            if legal.is_empty() {
                continue;
            }
            // The generator of choices lists exactly the plays that are not outclassed.
            let situation = Situation {
                hand,
                table,
                order,
                opening: (round % 7 == 0).then_some(THREE_OF_CLUBS),
                config: crate::rules::reversal(),
            };
            crate::moves::choices_into(&situation, &mut choices);
            let kept: Vec<Action> = legal
                .iter()
                .filter(|a| a.play().is_none_or(|p| !outclassed(p, hand)))
                .copied()
                .collect();
            assert_eq!(choices, kept, "{hand} vs {table:?}");
            for scoring in [Scoring::Total, Scoring::WeakCardsFirst] {
                assert_eq!(
                    scoring_choose(hand, unseen, order, reversal(), &choices, scoring),
                    scoring_choose_reference(hand, unseen, order, reversal(), &legal, scoring),
                    "{hand} vs {table:?}"
                );
                assert_eq!(
                    scoring_choose(hand, unseen, order, reversal(), &legal, scoring),
                    scoring_choose_reference(hand, unseen, order, reversal(), &legal, scoring),
                    "{hand} vs {table:?}"
                );
            }
        }
    }

    /// Every difference AI3's move depends on makes a different position: the hand, the cards
    /// played, the trick's cards and what its joker stands for, and the rank order.
    #[test]
    fn positions_tell_apart_what_ai3_depends_on() {
        let hands: [CardSet; 2] = ["3c 4d Kh".parse().unwrap(), "3c 4d Ks".parse().unwrap()];
        let played: [CardSet; 2] = [CardSet::EMPTY, "5h 6h BJ 9c".parse().unwrap()];
        let tricks: [Option<Play>; 3] = [
            None,
            Some("5h 6h BJ=7h".parse().unwrap()),
            Some("5h 6h BJ=4h".parse().unwrap()),
        ];
        let mut seen = std::collections::HashSet::new();
        for hand in hands {
            for played in played {
                for table in tricks {
                    for order in [RankOrder::Normal, RankOrder::Reversed] {
                        let first = played.is_empty();
                        let situation = Situation {
                            hand,
                            table,
                            order,
                            opening: first.then_some(THREE_OF_CLUBS),
                            config: crate::rules::reversal(),
                        };
                        let position = Position::new(&situation, played);
                        assert_eq!(position, Position::new(&situation, played));
                        assert!(seen.insert(position), "{situation:?} after {played}");
                    }
                }
            }
        }
        assert_eq!(seen.len(), 24);
    }
}
