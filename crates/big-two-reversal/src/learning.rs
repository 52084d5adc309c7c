//! Action ids and observation tensors for learning agents ([`Learning`]); the layout is
//! documented in the crate docs' "Learning" section.
//!
//! Under the default rules (逆轉大老2) the id of a play is its place in the list of every play of
//! the whole deck, as the legal-play generator lists a lead (so the legal actions of any
//! situation come in increasing id order), and `pass` comes last. [`BigTwo::action_from_id`]
//! reads a table built once from that list; [`BigTwo::action_id`] computes the id from the
//! play's cards and meaning, and the tests check that the two agree on every id.
//!
//! Under a standard rule set (52 cards, no runs) the ids are those of one universe shared by
//! every standard rule set: every set of cards that some standard rule set may play, sorted by
//! the cards' bits, then `pass`. A rule set's legal mask picks from it, so a policy trained
//! under one standard rule set reads the same ids under another. The standard generator lists
//! plays by their cards' bits too, so legal ids come in increasing order there as well. The
//! observation tensor's shape follows the rule set ([`StandardLayout`]).

use std::fmt::Write as _;
use std::sync::OnceLock;

use cards_core::{Card, CardSet};
use game_core::{Learning, Player};

use crate::action::{Action, Play, Shape};
use crate::hands::{Combination, Kind};
use crate::moves::{self, Situation, suit_positions};
use crate::rules::{Config, End, PLAYERS, RankOrder};
use crate::state::BigTwo;

/// How many action ids there are: 689 sets, 10,800 straight flushes, 3 plays of jokers alone and
/// `pass`.
pub const NUM_DISTINCT_ACTIONS: usize = SET_IDS + 4 * RUN_IDS_PER_SUIT + 3 + 1;

/// Ids of the singles, pairs, triples and fours of one rank (with and without jokers).
const SET_IDS_PER_RANK: usize = 53;
/// Ids of all the sets: 13 ranks.
const SET_IDS: usize = 13 * SET_IDS_PER_RANK;
/// The first id of a straight flush.
const FIRST_RUN_ID: usize = SET_IDS;
/// Ids of the straight flushes of one suit.
const RUN_IDS_PER_SUIT: usize = RUN_TABLE.1;
/// The id of the black joker alone (the red joker follows, then the two together, then pass).
const FIRST_JOKERS_ALONE_ID: usize = FIRST_RUN_ID + 4 * RUN_IDS_PER_SUIT;
/// The id of `pass`, the last.
const PASS_ID: usize = NUM_DISTINCT_ACTIONS - 1;

/// The length of the observation tensor (its shape is `[OBSERVATION_SIZE]`).
pub const OBSERVATION_SIZE: usize = 54 // own hand
    + PLAYERS * 54 // cards played by each seat
    + 54 // the cards of the play to beat
    + 54 // what they stand for
    + 5 // its type
    + PLAYERS // who made it
    + PLAYERS // who passed since
    + PLAYERS * 15 // cards held, one-hot 0..=14
    + PLAYERS * PLAYERS // places of the seats that are out
    + PLAYERS // whose turn it is
    + 1; // the rank order is reversed

/// Where the parts of the observation tensor after the hand and the cards played start: the
/// table part, from the play to beat to the rank order.
const TABLE_AT: usize = 54 + PLAYERS * 54;
/// The play to beat: its cards, what they stand for, its type and who made it.
const TRICK_AT: usize = TABLE_AT;
/// Who passed since.
const PASSED_AT: usize = TRICK_AT + 54 + 54 + 5 + PLAYERS;
/// How many cards each seat holds, one-hot 0..=14.
const COUNTS_AT: usize = PASSED_AT + PLAYERS;
/// The places of the seats that are out.
const PLACES_AT: usize = COUNTS_AT + 15 * PLAYERS;
/// Whose turn it is.
const TURN_AT: usize = PLACES_AT + PLAYERS * PLAYERS;
/// Whether the rank order is reversed.
const ORDER_AT: usize = TURN_AT + PLAYERS;

/// How many plays the standard universe holds: 13 × 15 sets (52 singles, 78 pairs, 52 triples,
/// 13 fours), 2,808 two pairs, 5,148 flushes (any five cards of one suit, straight flushes
/// among them), 13,260 straights of mixed suits (13 rank windows of the cycle A 2 … K A 2 3 4,
/// 4⁵ − 4 suit choices each), 3,744 full houses and 624 fours plus one.
pub const STANDARD_PLAYS: usize = 13 * 15 + 2_808 + 5_148 + 13_260 + 3_744 + 624;

/// How many action ids a standard rule set has: [`STANDARD_PLAYS`] and `pass` (25,780).
pub const STANDARD_NUM_DISTINCT_ACTIONS: usize = STANDARD_PLAYS + 1;

/// The cards of rank index `rank` (value − 1) whose suits are the bits of `suits`.
const fn of_rank(rank: usize, suits: u64) -> u64 {
    suits << (4 * rank)
}

/// Every play of the standard universe as card bits, sorted: built once, read by binary search.
fn standard_plays() -> &'static [u64] {
    static TABLE: OnceLock<Vec<u64>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut plays = Vec::with_capacity(STANDARD_PLAYS);
        let subsets = |size: u32| (1..16u64).filter(move |s| s.count_ones() == size);
        for rank in 0..13 {
            plays.extend((1..16u64).map(|suits| of_rank(rank, suits)));
            for other in rank + 1..13 {
                for a in subsets(2) {
                    plays.extend(subsets(2).map(|b| of_rank(rank, a) | of_rank(other, b)));
                }
            }
            for other in (0..13).filter(|&o| o != rank) {
                for a in subsets(3) {
                    plays.extend(subsets(2).map(|b| of_rank(rank, a) | of_rank(other, b)));
                }
            }
            let four = of_rank(rank, 0xF);
            plays.extend(
                (0..52)
                    .map(|i| 1u64 << i)
                    .filter(|c| c & four == 0)
                    .map(|c| c | four),
            );
            // The straight starting at this rank: five ranks of the cycle, mixed suits.
            for choice in 0..1024u64 {
                let suit = |i: usize| (choice >> (2 * i)) & 3;
                if (1..5).all(|i| suit(i) == suit(0)) {
                    continue;
                }
                plays.push(
                    (0..5).fold(0, |cards, i| cards | of_rank((rank + i) % 13, 1 << suit(i))),
                );
            }
        }
        for suit in 0..4 {
            for ranks in (0u32..1 << 13).filter(|r| r.count_ones() == 5) {
                plays.push(
                    (0..13)
                        .filter(|r| ranks >> r & 1 == 1)
                        .fold(0, |cards, r| cards | of_rank(r, 1 << suit)),
                );
            }
        }
        plays.sort_unstable();
        plays
    })
}

/// The id of the play of `cards` under a standard rule set: its place in the universe.
fn standard_play_id(cards: CardSet) -> Option<usize> {
    standard_plays().binary_search(&cards.bits()).ok()
}

/// The action of id `id` under a standard rule set.
fn standard_action(id: usize) -> Option<Action> {
    if id == STANDARD_PLAYS {
        return Some(Action::Pass);
    }
    let cards = CardSet::from_bits(*standard_plays().get(id)?).ok()?;
    Play::new(cards, cards).ok().map(Action::Play)
}

/// Where the parts of a standard rule set's observation tensor lie: the shape follows the
/// seats, whether every place is played out and whether reversal is on. Seats are counted from
/// the viewer and cards by index (A♣ A♦ A♥ A♠ 2♣ … K♠), as in the default tensor.
///
/// In order: the viewer's hand (52); the cards each seat has played (52 per seat); the cards
/// of the play to beat (52) and its kind (10, one-hot in [`Kind`]'s order); who made it (one
/// per seat); who passed since (one per seat: under a shut-out rule, who is out of the trick);
/// how many cards each seat holds (14 per seat, one-hot 0 to 13); where every place is played
/// out, the place of each seat that is out (one per seat and place); whose turn it is (one per
/// seat); the card the first play must contain, while it is to come (52); and, where reversal
/// is on, whether the rank order is reversed (1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct StandardLayout {
    /// The seats.
    pub seats: usize,
    places: bool,
    reversal: bool,
}

impl StandardLayout {
    pub(crate) fn of(config: &Config) -> StandardLayout {
        StandardLayout {
            seats: usize::from(config.players).clamp(1, PLAYERS),
            places: config.end == End::AllPlaces,
            reversal: config.reversal,
        }
    }

    const fn played_at(self, relative: usize) -> usize {
        52 + 52 * relative
    }

    /// The table part: everything after the cards played, rewritten as a whole.
    const fn table_at(self) -> usize {
        52 + 52 * self.seats
    }

    const fn kind_at(self) -> usize {
        self.table_at() + 52
    }

    const fn trick_player_at(self) -> usize {
        self.kind_at() + 10
    }

    const fn passed_at(self) -> usize {
        self.trick_player_at() + self.seats
    }

    const fn counts_at(self) -> usize {
        self.passed_at() + self.seats
    }

    const fn places_at(self) -> usize {
        self.counts_at() + 14 * self.seats
    }

    const fn turn_at(self) -> usize {
        self.places_at()
            + if self.places {
                self.seats * self.seats
            } else {
                0
            }
    }

    const fn opening_at(self) -> usize {
        self.turn_at() + self.seats
    }

    const fn order_at(self) -> usize {
        self.opening_at() + 52
    }

    pub(crate) const fn size(self) -> usize {
        self.order_at() + if self.reversal { 1 } else { 0 }
    }

    /// `seat` counted from `viewer`.
    pub(crate) const fn relative(self, viewer: Player, seat: Player) -> usize {
        (seat + self.seats - viewer % self.seats) % self.seats
    }
}

/// The place of `kind` in the kind one-hot.
const fn kind_index(kind: Kind) -> usize {
    kind as usize
}

/// Where `viewer`'s tensor lists the cards `seat` has played.
fn played_at(viewer: Player, seat: Player) -> usize {
    54 + 54 * relative(viewer, seat)
}

/// `seat` counted from `viewer`: 0 is the viewer, 1 the next seat to play, and so on.
fn relative(viewer: Player, seat: Player) -> usize {
    (seat + PLAYERS - viewer % PLAYERS) % PLAYERS
}

/// Within a rank: the offset of the set with real suits `sub` (bit 0 ♣ … bit 3 ♠) and jokers
/// `j` (bit 0 black, bit 1 red), for every `sub` from 15 down to 1: the real cards alone, with
/// the black joker, with the red one, with both, as far as a set has at most four cards.
static SET_OFFSETS: [[u8; 4]; 16] = set_offsets();

const fn set_offsets() -> [[u8; 4]; 16] {
    let mut table = [[u8::MAX; 4]; 16];
    let mut next = 0;
    let mut sub = 15;
    while sub >= 1 {
        let count = (sub as u8).count_ones();
        table[sub][0] = next;
        next += 1;
        if count < 4 {
            table[sub][1] = next;
            table[sub][2] = next + 1;
            next += 2;
        }
        if count < 3 {
            table[sub][3] = next;
            next += 1;
        }
        sub -= 1;
    }
    table
}

/// Plays of one run window of `len` cards: no joker, one joker (2 × `len`: position, colour),
/// two jokers (`len` choose 2 pairs of positions).
const fn window_plays(len: usize) -> usize {
    1 + 2 * len + len * (len - 1) / 2
}

/// Within a suit: the offset of the first play of each window (low, high) of run positions
/// (0 = A low, 1–12 = 2…K, 13 = A high), and the number of ids per suit. Windows go by low
/// position, then by length; A–K counts once (with the ace low) and A-…-A is no run.
static RUN_TABLE: ([[u16; 14]; 14], usize) = run_table();

const fn run_table() -> ([[u16; 14]; 14], usize) {
    let mut bases = [[u16::MAX; 14]; 14];
    let mut next = 0;
    let mut low = 0;
    while low < 14 {
        let mut high = low + 2;
        while high < 14 {
            let both_aces = low == 0 && high == 13;
            let ace_high_kings = low == 1 && high == 13;
            if !both_aces && !ace_high_kings {
                bases[low][high] = next as u16;
                next += window_plays(high - low + 1);
            }
            high += 1;
        }
        low += 1;
    }
    (bases, next)
}

/// Every action in id order: the plays of the whole deck as a lead lists them, then `pass`.
fn id_table() -> &'static [Action] {
    static TABLE: OnceLock<Vec<Action>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut actions = Vec::with_capacity(NUM_DISTINCT_ACTIONS);
        moves::legal_into(
            &Situation {
                hand: CardSet::ALL,
                table: None,
                order: RankOrder::Normal,
                opening: None,
                config: crate::rules::reversal(),
            },
            &mut actions,
        );
        actions.push(Action::Pass);
        actions
    })
}

/// The id of `play`, from its cards and meaning.
fn play_id(play: &Play) -> Option<usize> {
    let cards = play.cards();
    let jokers = (cards.bits() >> 52) as usize & 3;
    if play.is_jokers_alone() {
        return Some(FIRST_JOKERS_ALONE_ID + jokers - 1);
    }
    let real = cards - CardSet::JOKERS;
    if let Shape::StraightFlush(len) = play.shape() {
        let suit = real.first()?.suit()?.index();
        let meaning = suit_positions(play.meaning(), suit);
        // The meaning's run positions: the ace low unless the run needs it high.
        let low_ace = meaning & 0x1FFF;
        let window = if contiguous(low_ace) {
            low_ace
        } else {
            (low_ace & !1) | 1 << 13
        };
        let low = window.trailing_zeros() as usize;
        let high = 15 - window.leading_zeros() as usize;
        let base = usize::from(*RUN_TABLE.0.get(low)?.get(high)?);
        let len = usize::from(len);
        let joker_positions = window & !suit_positions(real, suit);
        let within = match joker_positions.count_ones() {
            0 => 0,
            1 => {
                let p = joker_positions.trailing_zeros() as usize - low;
                1 + 2 * p + (jokers >> 1)
            }
            _ => {
                let a = joker_positions.trailing_zeros() as usize - low;
                let b = 15 - joker_positions.leading_zeros() as usize - low;
                1 + 2 * len + a * (2 * len - a - 1) / 2 + (b - a - 1)
            }
        };
        return Some(FIRST_RUN_ID + usize::from(suit) * RUN_IDS_PER_SUIT + base + within);
    }
    let rank = play.set_rank()?;
    let value = usize::from(rank.value());
    let sub = (real.bits() >> (4 * (value - 1))) as usize & 0xF;
    let offset = SET_OFFSETS.get(sub)?.get(jokers)?;
    (*offset != u8::MAX).then(|| SET_IDS_PER_RANK * (value - 1) + usize::from(*offset))
}

fn contiguous(mask: u16) -> bool {
    mask != 0 && {
        let t = mask >> mask.trailing_zeros();
        t & (t + 1) == 0
    }
}

/// Sets `out[at + i]` to 1 for every card of `cards` with index `i`.
fn put_cards(out: &mut [f32], at: usize, cards: CardSet) {
    for card in cards {
        if let Some(v) = out.get_mut(at + usize::from(card.index())) {
            *v = 1.0;
        }
    }
}

/// Sets `out[at + i]` to 0 for every card of `cards` with index `i`.
fn take_cards(out: &mut [f32], at: usize, cards: CardSet) {
    for card in cards {
        if let Some(v) = out.get_mut(at + usize::from(card.index())) {
            *v = 0.0;
        }
    }
}

/// Sets the values of `range` to 0, as far as `out` reaches.
fn clear(out: &mut [f32], range: std::ops::Range<usize>) {
    let end = range.end.min(out.len());
    if let Some(values) = out.get_mut(range.start.min(end)..end) {
        values.fill(0.0);
    }
}

fn put(out: &mut [f32], at: usize, value: f32) {
    if let Some(v) = out.get_mut(at) {
        *v = value;
    }
}

/// Action ids: under the default rules, every play of the whole deck in the generator's order,
/// then `pass` ([`NUM_DISTINCT_ACTIONS`](crate::NUM_DISTINCT_ACTIONS) in all); under a standard
/// rule set, the universe of every standard play by card bits, then `pass`
/// ([`STANDARD_NUM_DISTINCT_ACTIONS`](crate::STANDARD_NUM_DISTINCT_ACTIONS)).
///
/// ```
/// use big_two_reversal::prelude::*;
/// use big_two_reversal::{NUM_DISTINCT_ACTIONS, STANDARD_NUM_DISTINCT_ACTIONS};
///
/// let config = Config::default();
/// assert_eq!(BigTwo::num_distinct_actions(&config), NUM_DISTINCT_ACTIONS);
/// let pass = BigTwo::action_id(&config, &Action::Pass);
/// assert_eq!(pass, Some(NUM_DISTINCT_ACTIONS - 1));
/// let three: Action = "3c".parse()?;
/// let id = BigTwo::action_id(&config, &three).expect("every play has an id");
/// assert_eq!(BigTwo::action_from_id(&config, id), Some(three));
/// let game = BigTwo::new(config, 42)?;
/// let Turn::Player(seat) = game.turn() else { unreachable!() };
/// assert!(game.legal_action_mask(seat)[id]); // the opener may lead 3♣
///
/// // Every standard rule set shares one universe of ids.
/// let hong_kong: Config = "hong-kong".parse()?;
/// assert_eq!(BigTwo::num_distinct_actions(&hong_kong), STANDARD_NUM_DISTINCT_ACTIONS);
/// let straight: Action = "3c 4d 5h 6s 7c".parse()?;
/// let id = BigTwo::action_id(&hong_kong, &straight).expect("a straight has an id");
/// assert_eq!(BigTwo::action_id(&"taiwan".parse()?, &straight), Some(id));
/// assert_eq!(BigTwo::action_from_id(&hong_kong, id), Some(straight));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Learning for BigTwo {
    /// 11,493 under the default rules: every distinct play of the whole deck and `pass`;
    /// 25,780 under a standard rule set: every play any standard rule set allows and `pass`.
    fn num_distinct_actions(config: &Config) -> usize {
        if config.is_reversal() {
            NUM_DISTINCT_ACTIONS
        } else {
            STANDARD_NUM_DISTINCT_ACTIONS
        }
    }

    /// Every action of the rules has an id (see the crate docs' "Learning" section for the
    /// layout); under a standard rule set a play with jokers, or a run no standard rule set
    /// allows, has none.
    fn action_id(config: &Config, action: &Action) -> Option<usize> {
        match (action, config.is_reversal()) {
            (Action::Pass, true) => Some(PASS_ID),
            (Action::Play(play), true) => play_id(play),
            (Action::Pass, false) => Some(STANDARD_PLAYS),
            (Action::Play(play), false) => {
                let cards = play.cards();
                (play.meaning() == cards)
                    .then(|| standard_play_id(cards))
                    .flatten()
            }
        }
    }

    /// The action of id `id`; `None` from [`num_distinct_actions`](Learning::num_distinct_actions) on.
    fn action_from_id(config: &Config, id: usize) -> Option<Action> {
        if config.is_reversal() {
            id_table().get(id).copied()
        } else {
            standard_action(id)
        }
    }

    /// Flags and fractions: every element lies in `[0, 1]`.
    fn observation_bounds(config: &Config) -> game_core::Bounds {
        game_core::Bounds::uniform(Self::observation_tensor_shape(config)[0], 0.0, 1.0)
    }

    /// `[OBSERVATION_SIZE]` (472 values) under the default rules; under a standard rule set
    /// its layout's size (442 for a preset's four seats).
    fn observation_tensor_shape(config: &Config) -> Vec<usize> {
        if config.is_reversal() {
            vec![OBSERVATION_SIZE]
        } else {
            vec![StandardLayout::of(config).size()]
        }
    }

    fn config_of(&self) -> Config {
        self.config().clone()
    }

    fn observation_tensor_into(&self, player: Player, out: &mut [f32]) {
        out.iter_mut().for_each(|v| *v = 0.0);
        if !self.config().is_reversal() {
            return self.standard_observation_into(player, out);
        }
        if player >= PLAYERS {
            return;
        }
        put_cards(out, 0, self.hand(player));
        for m in self.history() {
            put_cards(out, played_at(player, m.player), m.action.cards());
        }
        self.put_table(player, out);
    }

    /// A play takes cards out of one hand and adds them to that seat's played cards; all else
    /// it changes is in the table part (from 270 on under the default rules), which is
    /// rewritten. Passes that leave the trick standing change only who passed and whose turn it
    /// is. So the cost does not grow with the game's length, as the full tensor's does (it
    /// lists every move's cards), and a pass touches a few values.
    fn observation_tensor_update(&self, player: Player, steps: usize, out: &mut [f32]) {
        if !self.config().is_reversal() {
            return self.standard_observation_update(player, steps, out);
        }
        let history = self.history();
        if player >= PLAYERS || steps > history.len() {
            return self.observation_tensor_into(player, out);
        }
        let mut played = false;
        for m in &history[history.len() - steps..] {
            let cards = m.action.cards();
            played |= !cards.is_empty();
            if m.player == player {
                take_cards(out, 0, cards);
            }
            put_cards(out, played_at(player, m.player), cards);
        }
        // Without a play the trick, the counts, the places and the order stay; a trick that
        // ended on passes shows as no trick (the next move, a lead, is a play).
        if !played && self.table().trick().is_some() {
            clear(out, PASSED_AT..PASSED_AT + PLAYERS);
            clear(out, TURN_AT..TURN_AT + PLAYERS);
            self.put_passes(player, out);
            self.put_turn(player, out);
        } else {
            clear(out, TABLE_AT..OBSERVATION_SIZE);
            self.put_table(player, out);
        }
    }

    /// Several lines: the player and its hand, the rank order, the trick and the passes, the
    /// cards each player holds and its place, and the moves so far (player: action). Players are
    /// counted from 1, as in all text: seat 0 is `player 1`.
    fn observation_string(&self, player: Player) -> String {
        let table = self.table();
        let mut text = String::new();
        let hand = if player < PLAYERS {
            self.hand(player)
        } else {
            CardSet::EMPTY
        };
        let _ = writeln!(text, "player {} holds {}", player + 1, print_cards(hand));
        let _ = writeln!(text, "order: {:#}", table.order());
        match table.trick() {
            Some(trick) => {
                let _ = writeln!(
                    text,
                    "to beat: {:#} by player {}",
                    trick.play,
                    trick.player + 1
                );
            }
            None => {
                let _ = writeln!(text, "to beat: nothing (a lead)");
            }
        }
        let seats = game_core::Game::num_players(self);
        let passed: Vec<String> = (0..seats)
            .filter(|&s| table.has_passed(s))
            .map(|s| (s + 1).to_string())
            .collect();
        let _ = writeln!(text, "passed since: {}", passed.join(" "));
        for seat in 0..seats {
            let _ = write!(text, "player {}: {} cards", seat + 1, table.count(seat));
            if let Some(place) = table.place(seat) {
                let _ = write!(text, ", place {place}");
            }
            if table.to_move() == Some(seat) {
                let _ = write!(text, ", to move");
            }
            text.push('\n');
        }
        let moves: Vec<String> = self
            .history()
            .iter()
            .map(|m| format!("{}: {:#}", m.player + 1, m.action))
            .collect();
        let _ = write!(text, "moves: {}", moves.join(", "));
        text
    }
}

impl BigTwo {
    /// The whole tensor of a standard rule set ([`StandardLayout`]) over zeros.
    fn standard_observation_into(&self, player: Player, out: &mut [f32]) {
        let layout = StandardLayout::of(self.config());
        if player >= layout.seats {
            return;
        }
        put_cards(out, 0, self.hand(player));
        for m in self.history() {
            let at = layout.played_at(layout.relative(player, m.player));
            put_cards(out, at, m.action.cards());
        }
        self.put_standard_table(layout, player, out);
    }

    /// As the default rules' update: the hand and the cards played by the moves since, then the
    /// table part rewritten, or only the passes and the turn where passes left the trick standing.
    fn standard_observation_update(&self, player: Player, steps: usize, out: &mut [f32]) {
        let layout = StandardLayout::of(self.config());
        let history = self.history();
        if player >= layout.seats || steps > history.len() {
            return self.observation_tensor_into(player, out);
        }
        let mut played = false;
        for m in &history[history.len() - steps..] {
            let cards = m.action.cards();
            played |= !cards.is_empty();
            if m.player == player {
                take_cards(out, 0, cards);
            }
            put_cards(
                out,
                layout.played_at(layout.relative(player, m.player)),
                cards,
            );
        }
        if !played && self.table().trick().is_some() {
            clear(out, layout.passed_at()..layout.passed_at() + layout.seats);
            clear(out, layout.turn_at()..layout.turn_at() + layout.seats);
            self.put_standard_passes(layout, player, out);
            self.put_standard_turn(layout, player, out);
        } else {
            clear(out, layout.table_at()..layout.size());
            self.put_standard_table(layout, player, out);
        }
    }

    /// The table part of a standard rule set's tensor, over zeros.
    fn put_standard_table(&self, layout: StandardLayout, player: Player, out: &mut [f32]) {
        let table = self.table();
        if let Some(trick) = table.trick() {
            let cards = trick.play.cards();
            put_cards(out, layout.table_at(), cards);
            if let Ok(combination) = Combination::new(cards, self.config()) {
                put(out, layout.kind_at() + kind_index(combination.kind()), 1.0);
            }
            let by = layout.relative(player, trick.player);
            put(out, layout.trick_player_at() + by, 1.0);
        }
        self.put_standard_passes(layout, player, out);
        for seat in 0..layout.seats {
            let r = layout.relative(player, seat);
            put(
                out,
                layout.counts_at() + 14 * r + table.count(seat).min(13),
                1.0,
            );
            if layout.places
                && let Some(place) = table.place(seat)
            {
                put(out, layout.places_at() + layout.seats * r + place - 1, 1.0);
            }
        }
        self.put_standard_turn(layout, player, out);
        if table.is_first_play() {
            put(
                out,
                layout.opening_at() + usize::from(table.opening().index()),
                1.0,
            );
        }
        if layout.reversal && table.order() == RankOrder::Reversed {
            put(out, layout.order_at(), 1.0);
        }
    }

    fn put_standard_passes(&self, layout: StandardLayout, player: Player, out: &mut [f32]) {
        for seat in (0..layout.seats).filter(|&seat| self.table().has_passed(seat)) {
            put(out, layout.passed_at() + layout.relative(player, seat), 1.0);
        }
    }

    fn put_standard_turn(&self, layout: StandardLayout, player: Player, out: &mut [f32]) {
        if let Some(seat) = self.table().to_move() {
            put(out, layout.turn_at() + layout.relative(player, seat), 1.0);
        }
    }

    /// Writes the table part of `player`'s tensor (from [`TABLE_AT`]) over zeros.
    fn put_table(&self, player: Player, out: &mut [f32]) {
        let table = self.table();
        if let Some(trick) = table.trick() {
            put_cards(out, TRICK_AT, trick.play.cards());
            put_cards(out, TRICK_AT + 54, trick.play.meaning());
            let shape = match trick.play.shape() {
                Shape::Single => 0,
                Shape::Pair => 1,
                Shape::Triple => 2,
                Shape::FourOfAKind => 3,
                _ => 4,
            };
            put(out, TRICK_AT + 108 + shape, 1.0);
            put(out, TRICK_AT + 113 + relative(player, trick.player), 1.0);
        }
        self.put_passes(player, out);
        for seat in 0..PLAYERS {
            let r = relative(player, seat);
            put(out, COUNTS_AT + 15 * r + table.count(seat).min(14), 1.0);
            if let Some(place) = table.place(seat) {
                put(out, PLACES_AT + PLAYERS * r + place - 1, 1.0);
            }
        }
        self.put_turn(player, out);
        if table.order() == RankOrder::Reversed {
            put(out, ORDER_AT, 1.0);
        }
    }

    /// Who passed since the play to beat, over zeros.
    fn put_passes(&self, player: Player, out: &mut [f32]) {
        for seat in (0..PLAYERS).filter(|&seat| self.table().has_passed(seat)) {
            put(out, PASSED_AT + relative(player, seat), 1.0);
        }
    }

    /// Whose turn it is, over zeros.
    fn put_turn(&self, player: Player, out: &mut [f32]) {
        if let Some(seat) = self.table().to_move() {
            put(out, TURN_AT + relative(player, seat), 1.0);
        }
    }
}

/// Cards in ASCII, in the normal Big Two order.
fn print_cards(cards: CardSet) -> String {
    let printed: Vec<String> = crate::action::sorted_for_display(cards)
        .iter()
        .map(|c: &Card| format!("{c:#}"))
        .collect();
    printed.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tensor_parts_are_where_the_crate_docs_say() {
        assert_eq!(
            [TRICK_AT, PASSED_AT, COUNTS_AT, PLACES_AT, TURN_AT, ORDER_AT],
            [270, 387, 391, 451, 467, 471]
        );
        assert_eq!(ORDER_AT + 1, OBSERVATION_SIZE);
    }

    #[test]
    fn the_id_space_has_the_documented_parts() {
        assert_eq!(SET_IDS, 689);
        assert_eq!(RUN_IDS_PER_SUIT, 2_700);
        assert_eq!(NUM_DISTINCT_ACTIONS, 11_493);
        assert_eq!(id_table().len(), NUM_DISTINCT_ACTIONS);
        assert_eq!(OBSERVATION_SIZE, 472);
    }

    /// A standard rule set that allows every play: all thirteen straights, fours and two pairs.
    fn every_standard_play() -> Config {
        let mut config = Config::preset(crate::Preset::HongKong);
        config.plays.four = true;
        config.plays.two_pair = true;
        config.straights = cards_core::Rank::ALL.to_vec();
        config
    }

    #[test]
    fn the_standard_universe_is_every_play_of_a_rule_set_that_allows_all() {
        let table = standard_plays();
        assert_eq!(table.len(), STANDARD_PLAYS);
        assert_eq!(STANDARD_PLAYS, 25_779);
        assert!(table.windows(2).all(|w| w[0] < w[1]), "sorted, each once");
        let config = every_standard_play();
        assert!(config.validate().is_ok());
        let mut lead = Vec::new();
        crate::hands::legal_plays(
            CardSet::STANDARD,
            None,
            &config,
            RankOrder::Normal,
            None,
            &mut lead,
        );
        let bits: Vec<u64> = lead.iter().map(|c| c.cards().bits()).collect();
        assert_eq!(
            bits, table,
            "the lead of the whole deck is the universe, in id order"
        );
    }

    #[test]
    fn standard_ids_round_trip_and_pass_is_last() {
        let config = Config::preset(crate::Preset::Taiwan);
        assert_eq!(
            BigTwo::num_distinct_actions(&config),
            STANDARD_NUM_DISTINCT_ACTIONS
        );
        for id in (0..STANDARD_NUM_DISTINCT_ACTIONS)
            .step_by(7)
            .chain([STANDARD_PLAYS])
        {
            let action = BigTwo::action_from_id(&config, id).expect("an id below the count");
            assert_eq!(BigTwo::action_id(&config, &action), Some(id), "{action}");
        }
        assert_eq!(
            BigTwo::action_from_id(&config, STANDARD_NUM_DISTINCT_ACTIONS),
            None
        );
        let jokers: Action = "BJ".parse().expect("a joker alone");
        assert_eq!(BigTwo::action_id(&config, &jokers), None);
        let run: Action = "3c 4c 5c".parse().expect("a run of three");
        assert_eq!(BigTwo::action_id(&config, &run), None);
    }

    #[test]
    fn the_standard_layout_has_the_documented_parts() {
        let four = StandardLayout::of(&Config::preset(crate::Preset::HongKong));
        assert_eq!(
            [
                four.table_at(),
                four.kind_at(),
                four.trick_player_at(),
                four.passed_at(),
                four.counts_at(),
                four.turn_at(),
                four.opening_at(),
                four.size()
            ],
            [260, 312, 322, 326, 330, 386, 390, 442]
        );
        let mut three = Config::preset(crate::Preset::HongKong);
        three.players = 3;
        three.end = End::AllPlaces;
        three.reversal = true;
        let three = StandardLayout::of(&three);
        assert_eq!(
            three.size(),
            52 + 156 + 52 + 10 + 3 + 3 + 42 + 9 + 3 + 52 + 1
        );
        assert_eq!(three.relative(2, 0), 1);
    }
}
