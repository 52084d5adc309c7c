//! The configuration and the rank order.

use std::fmt;
use std::str::FromStr;

use cards_core::{Card, Rank, Suit};
use game_core::{Player, shorten};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::Error;
use crate::action::ParseActionError;

/// The rules a game is played under: the default is 逆轉大老2 (see the crate docs), and the
/// presets [`Preset`] name the standard Big Two games; a table's own rules are built from the
/// same fields. [`Config::validate`] refuses a rule set that contradicts itself.
///
/// Stored in records as `{}` for the default, `{"rules":"hong-kong"}` for another preset and
/// `{"custom":{…}}` (every field) for anything else, so records written before rule sets
/// existed (`{}`) still load as the default.
///
/// ```
/// use big_two_reversal::{Config, Preset};
///
/// assert_eq!(serde_json::to_string(&Config::default())?, "{}");
/// let hong_kong: Config = "hong-kong".parse()?;
/// assert_eq!(hong_kong, Config::preset(Preset::HongKong));
/// assert_eq!(serde_json::to_string(&hong_kong)?, r#"{"rules":"hong-kong"}"#);
/// assert_eq!(serde_json::from_str::<Config>(r#"{"rules":"hong-kong"}"#)?, hong_kong);
///
/// // A table's own rules: Hong Kong's, with a pass no longer shutting a player out.
/// let mut own = hong_kong.clone();
/// own.pass_shuts_out = false;
/// assert_eq!(own.preset_name(), None);
/// assert!(own.validate().is_ok());
/// // Without singles a player left with one card could never go out.
/// own.plays.single = false;
/// assert!(own.validate().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, remote = "Self")]
pub struct Config {
    /// 54 cards with the two jokers wild (`true`), or the standard 52.
    pub jokers: bool,
    /// Seats: 4, or 2 to 3 (13 cards each, the rest set aside unseen).
    pub players: u8,
    /// The suits from highest to lowest, when suits break ties between equal ranks; `None` when
    /// suits are never compared.
    pub suit_order: Option<[Suit; 4]>,
    /// The plays allowed.
    pub plays: Plays,
    /// The five-card straights that count, lowest first, each named by the rank it starts
    /// from in the cycle A 2 3 … K A 2 3 4 (`Ace` is A-2-3-4-5, `Jack` is J-Q-K-A-2).
    pub straights: Vec<Rank>,
    /// How two flushes compare.
    pub flushes: FlushOrder,
    /// Whether a four of a kind plus one and a straight flush may be played on any play.
    pub bombs: bool,
    /// The card whose holder leads the game (with fewer than four seats, the lowest card
    /// dealt when this one is set aside).
    pub opening: Card,
    /// Whether the game's first play must be the opening card alone (else any play with it).
    pub opening_alone: bool,
    /// Whether a pass keeps the player out for the rest of the trick.
    pub pass_shuts_out: bool,
    /// Whether every four of a kind played flips the rank order.
    pub reversal: bool,
    /// When the game ends and what it pays.
    pub end: End,
}

/// The plays a rule set allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Plays {
    /// One card.
    pub single: bool,
    /// Two cards of a rank.
    pub pair: bool,
    /// Three cards of a rank.
    pub triple: bool,
    /// Four cards of a rank, alone.
    pub four: bool,
    /// Two pairs of different ranks.
    pub two_pair: bool,
    /// The five-card hands: straight < flush < full house < four plus one < straight flush.
    pub five_card_hands: bool,
    /// Straight flushes of three cards or more, compared as in 逆轉大老2 (the crate docs).
    pub runs: bool,
}

/// How two flushes compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FlushOrder {
    /// By the highest card's rank, then the next, …, then the suit.
    RankFirst,
    /// By the suit, then the ranks from the highest down.
    SuitFirst,
}

/// When a game ends and what it pays (the returns always sum to zero).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum End {
    /// Play on until one player holds cards; the places pay +3, +1, −1, −3 (with three seats
    /// +2, 0, −2; with two +1, −1).
    AllPlaces,
    /// Stop when the first player goes out: each other player pays them a point per card
    /// left, times the multiplier of the last `(cards left from, multiplier)` step reached
    /// (steps in increasing order; below the first step the multiplier is 1).
    FirstOut {
        /// The multiplier steps, e.g. `[(10, 2), (13, 3)]`.
        multipliers: Vec<(u8, u8)>,
    },
}

impl End {
    /// What a player left holding `cards` pays the first out.
    ///
    /// ```
    /// use big_two_reversal::End;
    ///
    /// let end = End::FirstOut { multipliers: vec![(10, 2), (13, 3)] };
    /// assert_eq!(end.payment(9), Some(9));
    /// assert_eq!(end.payment(10), Some(20));
    /// assert_eq!(end.payment(13), Some(39));
    /// assert_eq!(End::AllPlaces.payment(5), None);
    /// ```
    pub fn payment(&self, cards: u8) -> Option<u32> {
        match self {
            End::AllPlaces => None,
            End::FirstOut { multipliers } => {
                let multiplier = multipliers
                    .iter()
                    .filter(|&&(from, _)| cards >= from)
                    .map(|&(_, m)| m)
                    .next_back()
                    .unwrap_or(1);
                Some(u32::from(cards) * u32::from(multiplier))
            }
        }
    }
}

/// The named rule sets. Every standard preset is 52 cards, four seats of 13, singles, pairs,
/// triples and the five-card hands (straight < flush < full house < four of a kind plus one <
/// straight flush), no reversal, and ends when the first player goes out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Preset {
    /// 逆轉大老2, the default: 54 cards with wild jokers, runs of three or more, reversal on
    /// every four of a kind, all four places played out (the crate docs).
    Reversal,
    /// 鋤大D as played in Hong Kong (zh.wikipedia's 鋤大D, su-app.com): suits ♠ > ♥ > ♣ > ♦;
    /// straights A-2-3-4-5 < 2-3-4-5-6 < … < 10-J-Q-K-A, and J-Q-K-A-2 is none; flushes by
    /// rank, then suit; ♦3 leads; a pass shuts a player out of the trick; each card left pays
    /// 1, doubled with 10–12 left, tripled with 13.
    HongKong,
    /// 大老二 as played in Taiwan (ts5588.com.tw, the PTT tournament sheet): suits
    /// ♠ > ♥ > ♦ > ♣; A-2-3-4-5 < 3-4-5-6-7 < … < 10-J-Q-K-A < 2-3-4-5-6; four plus one and
    /// straight flushes are bombs, played on any play; ♣3 leads; 1 per card left.
    Taiwan,
    /// Pusoy Dos of the Philippines (pinoygame.net, coololdgames.com): suits ♦ > ♥ > ♠ > ♣;
    /// straights A-2-3-4-5 < … < 10-J-Q-K-A; flushes by suit, then rank; ♣3 leads; 1 per card
    /// left.
    PusoyDos,
    /// The Western basic game (pagat.com's Big Two, yawnoc/big-two-scorer for the scores):
    /// suits ♠ > ♥ > ♣ > ♦; 3-4-5-6-7 < … < 10-J-Q-K-A < J-Q-K-A-2, with A-2-3-4-5 and
    /// 2-3-4-5-6 none; ♦3 leads; 1 per card left up to 9, 2 per card with 10–12, 3 with 13.
    Pagat,
}

impl Preset {
    /// Every preset, the default first.
    pub const ALL: [Preset; 5] = [
        Preset::Reversal,
        Preset::HongKong,
        Preset::Taiwan,
        Preset::PusoyDos,
        Preset::Pagat,
    ];

    /// The preset's name: `reversal`, `hong-kong`, `taiwan`, `pusoy-dos`, `pagat`.
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Reversal => "reversal",
            Preset::HongKong => "hong-kong",
            Preset::Taiwan => "taiwan",
            Preset::PusoyDos => "pusoy-dos",
            Preset::Pagat => "pagat",
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Preset {
    type Err = RulesError;

    /// A preset's name, in any case, `_` or ` ` for `-`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let wanted = s.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        Preset::ALL
            .into_iter()
            .find(|p| p.name() == wanted)
            .ok_or_else(|| RulesError::UnknownPreset(shorten(s).to_string()))
    }
}

/// Why a rule set is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// A name that is no preset.
    #[error(
        "\"{0}\" is no rule set: the presets are reversal, hong-kong, taiwan, pusoy-dos and pagat"
    )]
    UnknownPreset(String),
    /// A rule set that contradicts itself, and why.
    #[error("the rules contradict themselves: {0}")]
    Contradiction(&'static str),
    /// Rules that hold together but that the table does not deal: runs of three or more with
    /// wild jokers are played as 逆轉大老2 exactly (the default), and every other rule set is
    /// one of the standard games' family, without runs or jokers.
    #[error(
        "runs of three or more and wild jokers are dealt only as the reversal rules; {0} \
         changes them"
    )]
    NotDealt(String),
}

const fn card(rank: Rank, suit: Suit) -> Card {
    Card::new(rank, suit)
}

/// The ten straights from A-2-3-4-5 to 10-J-Q-K-A, lowest first.
fn ace_low_to_ace_high() -> Vec<Rank> {
    Rank::ALL[..10].to_vec()
}

impl Config {
    /// The rules of a preset.
    pub fn preset(preset: Preset) -> Config {
        use Suit::{Clubs, Diamonds, Hearts, Spades};
        let standard = Config {
            jokers: false,
            players: 4,
            suit_order: Some([Spades, Hearts, Clubs, Diamonds]),
            plays: Plays {
                single: true,
                pair: true,
                triple: true,
                four: false,
                two_pair: false,
                five_card_hands: true,
                runs: false,
            },
            straights: ace_low_to_ace_high(),
            flushes: FlushOrder::RankFirst,
            bombs: false,
            opening: card(Rank::Three, Diamonds),
            opening_alone: false,
            pass_shuts_out: false,
            reversal: false,
            end: End::FirstOut {
                multipliers: vec![(10, 2), (13, 3)],
            },
        };
        let one_per_card = End::FirstOut {
            multipliers: Vec::new(),
        };
        match preset {
            Preset::Reversal => Config {
                jokers: true,
                suit_order: None,
                plays: Plays {
                    single: true,
                    pair: true,
                    triple: true,
                    four: true,
                    two_pair: false,
                    five_card_hands: false,
                    runs: true,
                },
                straights: Vec::new(),
                opening: card(Rank::Three, Clubs),
                reversal: true,
                end: End::AllPlaces,
                ..standard
            },
            Preset::HongKong => Config {
                pass_shuts_out: true,
                ..standard
            },
            Preset::Taiwan => Config {
                suit_order: Some([Spades, Hearts, Diamonds, Clubs]),
                straights: std::iter::once(Rank::Ace)
                    .chain(Rank::ALL[2..10].iter().copied())
                    .chain(std::iter::once(Rank::Two))
                    .collect(),
                bombs: true,
                opening: card(Rank::Three, Clubs),
                end: one_per_card,
                ..standard
            },
            Preset::PusoyDos => Config {
                suit_order: Some([Diamonds, Hearts, Spades, Clubs]),
                flushes: FlushOrder::SuitFirst,
                opening: card(Rank::Three, Clubs),
                end: one_per_card,
                ..standard
            },
            Preset::Pagat => Config {
                straights: Rank::ALL[2..11].to_vec(),
                ..standard
            },
        }
    }

    /// The preset these rules are, if any.
    pub fn preset_name(&self) -> Option<Preset> {
        Preset::ALL
            .into_iter()
            .find(|&p| Config::preset(p) == *self)
    }

    /// The cards in play: 54 with the jokers, else 52.
    pub const fn deck(&self) -> cards_core::CardSet {
        if self.jokers {
            cards_core::CardSet::ALL
        } else {
            cards_core::CardSet::STANDARD
        }
    }

    /// Checks that the rules hold together, saying what contradicts what.
    ///
    /// ```
    /// use big_two_reversal::{Config, Preset, RulesError};
    ///
    /// let mut rules = Config::preset(Preset::Taiwan);
    /// rules.players = 5;
    /// assert!(matches!(rules.validate(), Err(RulesError::Contradiction(_))));
    /// ```
    pub fn validate(&self) -> Result<(), RulesError> {
        use RulesError::Contradiction as No;
        let p = &self.plays;
        if !(2..=4).contains(&self.players) {
            return Err(No("a game has 2, 3 or 4 players"));
        }
        if self.jokers && self.players != 4 {
            return Err(No(
                "the 54-card deck is dealt to four players (14, 14, 13, 13)",
            ));
        }
        if !p.single {
            return Err(No(
                "singles must be allowed, or a player with one card left could never go out",
            ));
        }
        if p.runs && p.five_card_hands {
            return Err(No(
                "runs of three or more and the five-card hands rank a five-card straight flush \
                 two ways",
            ));
        }
        if self.jokers && (p.two_pair || p.five_card_hands) {
            return Err(No(
                "wild jokers stand in singles, sets and runs, not in two pair or five-card hands",
            ));
        }
        if let Some(order) = self.suit_order {
            let mut seen = 0u8;
            for suit in order {
                seen |= 1 << suit.index();
            }
            if seen != 0b1111 {
                return Err(No("the suit order must name each suit once"));
            }
        }
        if self.flushes == FlushOrder::SuitFirst && self.suit_order.is_none() {
            return Err(No(
                "flushes compare by suit first, but suits are never compared",
            ));
        }
        if !self.straights.is_empty() && !p.five_card_hands {
            return Err(No(
                "straights are listed, but five-card hands are not allowed",
            ));
        }
        for (i, r) in self.straights.iter().enumerate() {
            if self.straights[..i].contains(r) {
                return Err(No("a straight is listed twice"));
            }
        }
        if self.bombs && !p.five_card_hands {
            return Err(No(
                "bombs are four of a kind plus one and straight flushes, which are not allowed",
            ));
        }
        if self.reversal && !p.four && !p.five_card_hands {
            return Err(No("reversal needs a play that is a four of a kind"));
        }
        if self.opening.is_joker() {
            return Err(No("the opening card cannot be a joker"));
        }
        if let End::FirstOut { multipliers } = &self.end {
            let increasing = multipliers.windows(2).all(|w| w[0].0 < w[1].0);
            let in_range = multipliers
                .iter()
                .all(|&(from, m)| (1..=14).contains(&from) && m >= 1);
            if !increasing || !in_range {
                return Err(No(
                    "multiplier steps start from 1 to 14 cards, in increasing order, each at \
                     least 1",
                ));
            }
        }
        Ok(())
    }
}

impl Config {
    /// Refuses rules that contradict themselves, and rules the table does not deal.
    pub(crate) fn dealt_at_the_table(&self) -> Result<(), RulesError> {
        self.validate()?;
        if (self.plays.runs || self.jokers) && *self != Config::default() {
            return Err(RulesError::NotDealt(self.to_string()));
        }
        Ok(())
    }

    /// Whether plays are judged by 逆轉大老2's own rules ([`Play::shape`](crate::Play::shape) and
    /// [`Play::beats`](crate::Play::beats)) rather than as a [`Combination`](crate::Combination)
    /// of a standard rule set.
    pub(crate) fn is_reversal(&self) -> bool {
        self.plays.runs
    }

    /// The card's place in the deck from lowest to highest: by rank in the normal order
    /// (3 < … < A < 2), then by suit where suits break ties (else by the card's index), jokers
    /// last. The lowest card dealt leads a game of fewer than four seats.
    ///
    /// ```
    /// use big_two_reversal::{Config, Preset};
    ///
    /// let hong_kong = Config::preset(Preset::HongKong);
    /// let lower = |a: &str, b: &str| -> Result<bool, cards_core::CardError> {
    ///     Ok(hong_kong.card_order(a.parse()?) < hong_kong.card_order(b.parse()?))
    /// };
    /// assert!(lower("3d", "3c")?); // ♦ is Hong Kong's lowest suit
    /// assert!(lower("3s", "4d")?);
    /// assert!(lower("Ac", "2d")?);
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub fn card_order(&self, card: Card) -> (u8, u8) {
        let Some(rank) = card.rank() else {
            return (JOKER_STRENGTH, card.index());
        };
        let suit = match (self.suit_order, card.suit()) {
            (Some(order), Some(suit)) => order
                .iter()
                .rev()
                .position(|&s| s == suit)
                .map_or(0, |i| i as u8),
            _ => card.index(),
        };
        (normal_strength(rank), suit)
    }

    /// What `player` gets at the end of a game: by place where every place is played out
    /// (+3, +1, −1, −3 with four seats; +2, 0, −2 with three; +1, −1 with two), else the sum of
    /// the others' payments for the first out and each loser's own payment, negated (see
    /// [`End::payment`]). `finish` lists the seats in the order they went out and `left` how
    /// many cards each seat holds; a seat with no place gets 0.
    pub(crate) fn returns(&self, finish: &[u8], left: &[u8], player: Player) -> f64 {
        if player >= usize::from(self.players) {
            return 0.0;
        }
        match &self.end {
            End::AllPlaces => finish
                .iter()
                .position(|&p| usize::from(p) == player)
                .map_or(0.0, |i| f64::from(self.players) - 1.0 - 2.0 * i as f64),
            end @ End::FirstOut { .. } => {
                let pays = |seat: usize| {
                    let cards = left.get(seat).copied().unwrap_or(0);
                    f64::from(end.payment(cards).unwrap_or(0))
                };
                match finish.first().map(|&w| usize::from(w)) {
                    None => 0.0,
                    Some(winner) if winner == player => (0..usize::from(self.players))
                        .filter(|&p| p != player)
                        .map(pays)
                        .sum(),
                    Some(_) => -pays(player),
                }
            }
        }
    }
}

/// The reversal rules, built once: for the generators of the default game that take no rules.
pub(crate) fn reversal() -> &'static Config {
    static REVERSAL: std::sync::OnceLock<Config> = std::sync::OnceLock::new();
    REVERSAL.get_or_init(Config::default)
}

impl Default for Config {
    /// The reversal rules (逆轉大老2).
    fn default() -> Self {
        Config::preset(Preset::Reversal)
    }
}

impl fmt::Display for Config {
    /// The preset's name, or `custom`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.preset_name() {
            Some(p) => f.write_str(p.name()),
            None => f.write_str("custom"),
        }
    }
}

impl FromStr for Config {
    type Err = RulesError;

    /// A preset's name.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.parse().map(Config::preset)
    }
}

/// How a configuration is stored: nothing for the default, a preset's name, or every field.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StoredConfig {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rules: Option<Preset>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    custom: Option<Fields>,
}

/// Every field of a configuration.
#[derive(Serialize, Deserialize)]
struct Fields(#[serde(with = "Config")] Config);

impl Serialize for Config {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let stored = match self.preset_name() {
            Some(Preset::Reversal) => StoredConfig {
                rules: None,
                custom: None,
            },
            Some(p) => StoredConfig {
                rules: Some(p),
                custom: None,
            },
            None => StoredConfig {
                rules: None,
                custom: Some(Fields(self.clone())),
            },
        };
        stored.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Config {
    /// `{}` (the default), `{"rules": preset}` or `{"custom": fields}`; rules that contradict
    /// themselves are refused.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error as _;
        let stored = StoredConfig::deserialize(deserializer)?;
        let config = match stored {
            StoredConfig {
                rules: Some(_),
                custom: Some(_),
            } => return Err(D::Error::custom("give `rules` or `custom`, not both")),
            StoredConfig {
                rules: Some(p),
                custom: None,
            } => Config::preset(p),
            StoredConfig {
                rules: None,
                custom: Some(Fields(c)),
            } => c,
            StoredConfig {
                rules: None,
                custom: None,
            } => Config::default(),
        };
        config.validate().map_err(D::Error::custom)?;
        Ok(config)
    }
}

/// Number of seats.
pub const PLAYERS: usize = 4;

/// Which way the ranks run. Every four of a kind flips it; jokers stay on top either way.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub enum RankOrder {
    /// 3 < 4 < … < K < A < 2 < joker.
    #[default]
    Normal,
    /// 2 < A < K < … < 4 < 3 < joker.
    Reversed,
}

impl RankOrder {
    /// The other order.
    #[must_use]
    pub const fn flipped(self) -> RankOrder {
        match self {
            RankOrder::Normal => RankOrder::Reversed,
            RankOrder::Reversed => RankOrder::Normal,
        }
    }

    /// 0 for normal, 1 for reversed: the index into a play's strength keys.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// A rank's strength in this order, 0 (lowest) to 12 (highest); jokers are 13.
    ///
    /// ```
    /// use big_two_reversal::RankOrder;
    /// use cards_core::Rank;
    ///
    /// let normal = RankOrder::Normal;
    /// assert!(normal.strength(Rank::Two) > normal.strength(Rank::Ace));
    /// assert!(normal.flipped().strength(Rank::Three) > normal.flipped().strength(Rank::Two));
    /// assert_eq!(normal.ranks_ascending()[0], Rank::Three);
    /// ```
    pub const fn strength(self, rank: Rank) -> u8 {
        let normal = normal_strength(rank);
        match self {
            RankOrder::Normal => normal,
            RankOrder::Reversed => 12 - normal,
        }
    }

    /// The ranks from lowest to highest in this order.
    pub fn ranks_ascending(self) -> [Rank; 13] {
        let mut ranks = Rank::ALL;
        ranks.sort_by_key(|&r| self.strength(r));
        ranks
    }
}

impl fmt::Display for RankOrder {
    /// `normal (3 < … < 2)` or `reversed (2 < … < 3)`; `{:#}` just the word.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self, f.alternate()) {
            (RankOrder::Normal, true) => f.write_str("normal"),
            (RankOrder::Reversed, true) => f.write_str("reversed"),
            (RankOrder::Normal, false) => {
                f.write_str("normal: 3 < 4 < 5 < 6 < 7 < 8 < 9 < 10 < J < Q < K < A < 2 < joker")
            }
            (RankOrder::Reversed, false) => {
                f.write_str("reversed: 2 < A < K < Q < J < 10 < 9 < 8 < 7 < 6 < 5 < 4 < 3 < joker")
            }
        }
    }
}

impl FromStr for RankOrder {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "normal" => Ok(RankOrder::Normal),
            "reversed" | "reverse" => Ok(RankOrder::Reversed),
            _ => Err(Error::Parse(ParseActionError {
                input: s.to_string(),
                reason: "a rank order is `normal` or `reversed`".to_string(),
            })),
        }
    }
}

/// Strength in the normal order: 3 → 0 … K → 10, A → 11, 2 → 12.
pub(crate) const fn normal_strength(rank: Rank) -> u8 {
    match rank.value() {
        1 => 11,
        2 => 12,
        v => v - 3,
    }
}

/// Strength of a joker (alone) in either order.
pub(crate) const JOKER_STRENGTH: u8 = 13;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_are_mirror_images() {
        let normal = RankOrder::Normal.ranks_ascending();
        let mut reversed = RankOrder::Reversed.ranks_ascending();
        reversed.reverse();
        assert_eq!(normal, reversed);
        assert_eq!(normal[0], Rank::Three);
        assert_eq!(normal[12], Rank::Two);
        assert_eq!(normal[11], Rank::Ace);
        assert_eq!(RankOrder::Normal.flipped(), RankOrder::Reversed);
        assert_eq!(RankOrder::Reversed.flipped(), RankOrder::Normal);
    }

    #[test]
    fn order_text_round_trips() {
        for order in [RankOrder::Normal, RankOrder::Reversed] {
            assert_eq!(format!("{order:#}").parse::<RankOrder>().ok(), Some(order));
        }
        assert!("sideways".parse::<RankOrder>().is_err());
    }
}
