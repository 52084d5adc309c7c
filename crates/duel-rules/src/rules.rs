//! Rule sets as data: the moves (name, Chinese name, cost, effect), the exceptions to "higher level
//! overwhelms lower", the charge bonus at low health, starting health and qi, and the round limit.
//!
//! [`RuleSpec`] is the plain data a user writes (or deserialises); [`RuleSet`] is a spec that has
//! been checked for contradictions, with lookup tables the game and the solver use.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::error::Error;

/// The largest table: a free-for-all of 8.
pub const MAX_PLAYERS: usize = 8;

/// Largest value accepted for any number in a rule set (costs, charges, damage, health, limits),
/// so that no sum of them can overflow.
pub const MAX_RULE_NUMBER: i64 = 1_000_000;

/// Most moves a rule set may have.
pub const MAX_MOVES: usize = 32;

/// A move's name as people type it: a lower-case ASCII word of letters, digits and hyphens, at most
/// [`MoveName::MAX_LEN`] bytes, starting with a letter. Stored inline, so it is `Copy` and actions
/// never allocate.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MoveName {
    len: u8,
    bytes: [u8; MoveName::MAX_LEN],
}

impl MoveName {
    /// Longest name, in bytes.
    pub const MAX_LEN: usize = 23;

    /// Checks and stores `name` (already lower case). `out` is reserved for the action of a player
    /// who is out of the game.
    ///
    /// ```
    /// use duel_rules::MoveName;
    ///
    /// assert_eq!(MoveName::new("dragon-palm")?.as_str(), "dragon-palm");
    /// assert!(MoveName::new("Shoot").is_err()); // lower case only
    /// assert!(MoveName::new("out").is_err()); // the action of a player who is out
    /// # Ok::<(), duel_rules::Error>(())
    /// ```
    pub fn new(name: &str) -> Result<Self, Error> {
        Self::checked(name).map_err(|reason| Error::InvalidName {
            name: name.to_string(),
            reason,
        })
    }

    /// [`MoveName::new`], with the reason a name is refused.
    pub(crate) fn checked(name: &str) -> Result<Self, &'static str> {
        if name.is_empty() {
            return Err("it is empty");
        }
        if name.len() > Self::MAX_LEN {
            return Err("it is longer than 23 letters");
        }
        if !name.as_bytes()[0].is_ascii_lowercase() {
            return Err("it must start with a lower-case letter");
        }
        if !name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        {
            return Err("only lower-case letters, digits and '-' are allowed");
        }
        if name == "out" {
            return Err("\"out\" is reserved for a player who is out");
        }
        let mut bytes = [0u8; Self::MAX_LEN];
        bytes[..name.len()].copy_from_slice(name.as_bytes());
        Ok(Self {
            len: name.len() as u8,
            bytes,
        })
    }

    /// The name as text.
    pub fn as_str(&self) -> &str {
        // Only ASCII bytes are ever stored (checked in `new`).
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or("")
    }
}

impl fmt::Display for MoveName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for MoveName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

impl FromStr for MoveName {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::new(s)
    }
}

impl Serialize for MoveName {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for MoveName {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Self::new(&text).map_err(serde::de::Error::custom)
    }
}

/// What a move does, as written in a [`RuleSpec`] (numbers are signed so that a negative one can be
/// reported as a contradiction instead of failing to parse).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum EffectSpec {
    /// Gain `qi` (before any low-health bonus).
    Charge {
        /// Qi gained.
        qi: i64,
    },
    /// Stop the attacks aimed at this player whose `blockable` is true.
    Block,
    /// Attack: a higher `level` overwhelms a lower one, equal levels cancel; a hit does `damage`.
    Attack {
        /// Strength against other attacks.
        level: i64,
        /// Health lost by the player it hits.
        damage: i64,
        /// Whether Block stops it.
        blockable: bool,
    },
}

/// One move as written in a [`RuleSpec`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveSpec {
    /// The name people type (`shoot`); see [`MoveName`].
    pub name: String,
    /// The Chinese name (`開槍`); may also be typed.
    pub chinese: String,
    /// Qi paid whatever happens.
    pub cost: i64,
    /// What it does.
    pub effect: EffectSpec,
}

impl MoveSpec {
    /// A free move that gains `qi` (Charge is `MoveSpec::charge("charge", "儲氣", 1)`).
    pub fn charge(name: &str, chinese: &str, qi: i64) -> MoveSpec {
        MoveSpec {
            name: name.into(),
            chinese: chinese.into(),
            cost: 0,
            effect: EffectSpec::Charge { qi },
        }
    }

    /// A free move that stops the blockable attacks aimed at its player.
    pub fn block(name: &str, chinese: &str) -> MoveSpec {
        MoveSpec {
            name: name.into(),
            chinese: chinese.into(),
            cost: 0,
            effect: EffectSpec::Block,
        }
    }

    /// An attack costing `cost` qi, of strength `level`, dealing `damage`, stopped by Block when
    /// `blockable`.
    pub fn attack(
        name: &str,
        chinese: &str,
        cost: i64,
        level: i64,
        damage: i64,
        blockable: bool,
    ) -> MoveSpec {
        MoveSpec {
            name: name.into(),
            chinese: chinese.into(),
            cost,
            effect: EffectSpec::Attack {
                level,
                damage,
                blockable,
            },
        }
    }
}

/// An exception to "the higher level overwhelms the lower": `winner` overwhelms `loser` whatever
/// their levels (the schoolyard's 「開槍射爆個封印」, "the shot blows the seal apart": Shoot
/// overwhelms Seal).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Overwhelm {
    /// The attack that wins.
    pub winner: String,
    /// The attack it overwhelms.
    pub loser: String,
}

/// Extra qi from a charge for a player low on health (hk: health 1 charges 2 instead of 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LowHealthBonus {
    /// The bonus applies when the player's health at the start of the round is at most this.
    pub health_at_most: i64,
    /// Qi added to every charge move's gain.
    pub extra_qi: i64,
}

/// A rule set as plain data. Turn it into a [`RuleSet`] with [`RuleSet::new`], which refuses a
/// spec that contradicts itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleSpec {
    /// A label for people (`hk`, `classic`, `my school`).
    pub name: String,
    /// The moves, in the order legal actions list them.
    pub moves: Vec<MoveSpec>,
    /// Exceptions to "higher level overwhelms lower".
    pub overwhelms: Vec<Overwhelm>,
    /// Health each player starts with; at 0 a player is out.
    pub start_health: i64,
    /// Qi each player starts with.
    pub start_qi: i64,
    /// Extra qi from charging at low health, if any.
    pub low_health_bonus: Option<LowHealthBonus>,
    /// After this many rounds the game ends (a draw between those still standing).
    pub round_limit: i64,
}

/// A move of a checked rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Gain this much qi (plus the low-health bonus).
    Charge {
        /// Qi gained.
        qi: u32,
    },
    /// Stop blockable attacks aimed at this player.
    Block,
    /// An attack.
    Attack {
        /// Strength against other attacks.
        level: u32,
        /// Health lost by the player it hits.
        damage: u32,
        /// Whether Block stops it.
        blockable: bool,
    },
}

/// A move of a checked rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The name people type.
    pub name: MoveName,
    /// The Chinese name.
    pub chinese: String,
    /// Qi paid.
    pub cost: u32,
    /// What it does.
    pub effect: Effect,
}

impl Move {
    /// Whether this move attacks (and so needs a target in a free-for-all).
    pub fn is_attack(&self) -> bool {
        matches!(self.effect, Effect::Attack { .. })
    }
}

/// A rule set that has been checked: every number in range, names unique, at least one free move
/// and one attack, exceptions naming two different attacks and never both ways round.
///
/// Cheap to share: states hold it in an [`Arc`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RuleSpec", into = "RuleSpec")]
pub struct RuleSet {
    spec: RuleSpec,
    moves: Vec<Move>,
    /// `clash[i * n + j]`: +1 when attack `i` overwhelms attack `j`, 0 when they cancel, −1 when
    /// `j` overwhelms `i` (0 for pairs that are not both attacks).
    clash: Vec<i8>,
    fallback: usize,
    low_health: Option<(u32, u32)>,
}

fn in_range(what: &str, value: i64, low: i64) -> Result<u32, Error> {
    if value < low {
        let bound = if low == 0 { "negative" } else { "below 1" };
        return Err(Error::InvalidRules(format!(
            "{what} is {value}; it cannot be {bound}"
        )));
    }
    if value > MAX_RULE_NUMBER {
        return Err(Error::InvalidRules(format!(
            "{what} is {value}; the largest allowed is {MAX_RULE_NUMBER}"
        )));
    }
    Ok(value as u32)
}

impl RuleSet {
    /// Checks `spec` and builds the lookup tables; a spec that contradicts itself is refused.
    ///
    /// ```
    /// use duel_rules::prelude::*;
    /// use duel_rules::{MoveName, MoveSpec, RuleSet};
    /// use std::sync::Arc;
    ///
    /// // hk's rules with a move of our own: a cheap unblockable poke.
    /// let mut spec = RuleSet::hk().spec().clone();
    /// spec.moves.push(MoveSpec::attack("poke", "戳", 1, 1, 1, false));
    /// let rules = RuleSet::new(spec.clone())?;
    /// assert_eq!(rules.moves().len(), 8);
    /// assert_eq!(rules.which_preset(), None);
    /// let duel = Duel::new(Config { players: 2, rules: Arc::new(rules) }, 0)?;
    /// // The game reads its own moves; plain parsing knows only the shipped ones.
    /// assert_eq!(duel.parse_action(0, "poke")?, Action::play(MoveName::new("poke")?));
    /// assert!("poke".parse::<Action>().is_err());
    /// // A spec that contradicts itself is refused.
    /// spec.moves[0].cost = -1;
    /// assert!(RuleSet::new(spec).is_err());
    /// # Ok::<(), Error>(())
    /// ```
    pub fn new(spec: RuleSpec) -> Result<Self, Error> {
        let bad = |msg: String| Err(Error::InvalidRules(msg));
        if spec.moves.is_empty() {
            return bad("there are no moves".into());
        }
        if spec.moves.len() > MAX_MOVES {
            return bad(format!(
                "{} moves; at most {MAX_MOVES} are allowed",
                spec.moves.len()
            ));
        }
        let mut moves: Vec<Move> = Vec::with_capacity(spec.moves.len());
        for m in &spec.moves {
            let name = MoveName::new(&m.name)?;
            let label = format!("the cost of {}", m.name);
            let cost = in_range(&label, m.cost, 0)?;
            let effect = match m.effect {
                EffectSpec::Charge { qi } => Effect::Charge {
                    qi: in_range(&format!("the qi gained by {}", m.name), qi, 1)?,
                },
                EffectSpec::Block => Effect::Block,
                EffectSpec::Attack {
                    level,
                    damage,
                    blockable,
                } => Effect::Attack {
                    level: in_range(&format!("the level of {}", m.name), level, 0)?,
                    damage: in_range(&format!("the damage of {}", m.name), damage, 1)?,
                    blockable,
                },
            };
            let chinese = m.chinese.trim().to_string();
            if chinese.is_empty() {
                return bad(format!("{} has no Chinese name", m.name));
            }
            for other in &moves {
                if other.name == name {
                    return bad(format!("two moves are called {name}"));
                }
                if other.chinese == chinese
                    || other.chinese == m.name
                    || chinese == other.name.as_str()
                {
                    return bad(format!("the names of {} and {} collide", other.name, name));
                }
            }
            moves.push(Move {
                name,
                chinese,
                cost,
                effect,
            });
        }
        let Some(fallback) = moves
            .iter()
            .position(|m| m.cost == 0 && matches!(m.effect, Effect::Charge { .. }))
            .or_else(|| moves.iter().position(|m| m.cost == 0))
        else {
            return bad("every move costs qi, so a player with none could not move".into());
        };
        if !moves.iter().any(Move::is_attack) {
            return bad("there is no attack, so nobody could ever win".into());
        }
        let n = moves.len();
        let mut clash = vec![0i8; n * n];
        for i in 0..n {
            for j in 0..n {
                if let (Effect::Attack { level: a, .. }, Effect::Attack { level: b, .. }) =
                    (moves[i].effect, moves[j].effect)
                {
                    clash[i * n + j] = match a.cmp(&b) {
                        std::cmp::Ordering::Greater => 1,
                        std::cmp::Ordering::Equal => 0,
                        std::cmp::Ordering::Less => -1,
                    };
                }
            }
        }
        let find = |name: &str| moves.iter().position(|m| m.name.as_str() == name);
        let mut seen: Vec<(usize, usize)> = Vec::new();
        for rule in &spec.overwhelms {
            let (Some(w), Some(l)) = (find(&rule.winner), find(&rule.loser)) else {
                return bad(format!(
                    "the exception \"{} overwhelms {}\" names a move that does not exist",
                    rule.winner, rule.loser
                ));
            };
            if !moves[w].is_attack() || !moves[l].is_attack() {
                return bad(format!(
                    "the exception \"{} overwhelms {}\" must name two attacks",
                    rule.winner, rule.loser
                ));
            }
            if w == l {
                return bad(format!("{} cannot overwhelm itself", rule.winner));
            }
            if seen.contains(&(l, w)) {
                return bad(format!(
                    "{} and {} are each said to overwhelm the other",
                    rule.winner, rule.loser
                ));
            }
            if seen.contains(&(w, l)) {
                return bad(format!(
                    "the exception \"{} overwhelms {}\" is given twice",
                    rule.winner, rule.loser
                ));
            }
            seen.push((w, l));
            clash[w * n + l] = 1;
            clash[l * n + w] = -1;
        }
        in_range("the starting health", spec.start_health, 1)?;
        in_range("the starting qi", spec.start_qi, 0)?;
        in_range("the round limit", spec.round_limit, 1)?;
        let low_health = match spec.low_health_bonus {
            None => None,
            Some(b) => Some((
                in_range("the low-health bonus threshold", b.health_at_most, 1)?,
                in_range("the low-health bonus", b.extra_qi, 1)?,
            )),
        };
        Ok(Self {
            spec,
            moves,
            clash,
            fallback,
            low_health,
        })
    }

    /// The spec this rule set was built from.
    pub fn spec(&self) -> &RuleSpec {
        &self.spec
    }

    /// The rule set's label.
    pub fn name(&self) -> &str {
        &self.spec.name
    }

    /// The moves, in the order legal actions list them.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The index of the move called `name` (English in any case, words joined by `-`, `_` or
    /// spaces, or Chinese).
    pub fn find(&self, name: &str) -> Option<usize> {
        let name = name.trim();
        let lower = crate::action::normalise(name);
        self.moves
            .iter()
            .position(|m| m.name.as_str() == lower || m.chinese == name)
            .or_else(|| {
                let canonical = known_chinese(name)?;
                self.moves.iter().position(|m| m.name.as_str() == canonical)
            })
    }

    /// The index of the move called `name`.
    pub fn index_of(&self, name: MoveName) -> Option<usize> {
        self.moves.iter().position(|m| m.name == name)
    }

    /// Health each player starts with.
    pub fn start_health(&self) -> u32 {
        self.spec.start_health as u32
    }

    /// Qi each player starts with.
    pub fn start_qi(&self) -> u32 {
        self.spec.start_qi as u32
    }

    /// Rounds before the game ends in a draw.
    pub fn round_limit(&self) -> u32 {
        self.spec.round_limit as u32
    }

    /// The move a player falls back on when the move they want is too dear: the first free
    /// charge, or else the first free move.
    pub fn fallback(&self) -> usize {
        self.fallback
    }

    /// The most qi any move costs.
    pub fn max_cost(&self) -> u32 {
        self.moves.iter().map(|m| m.cost).max().unwrap_or(0)
    }

    /// Qi that move `index` gains for a player with `health` at the start of the round
    /// (0 for moves that are not charges).
    pub fn charge_gain(&self, index: usize, health: u32) -> u32 {
        match self.moves.get(index).map(|m| m.effect) {
            Some(Effect::Charge { qi }) => match self.low_health {
                Some((at_most, extra)) if health <= at_most => qi + extra,
                _ => qi,
            },
            _ => 0,
        }
    }

    /// How attack `a` fares against attack `b` aimed back at its user: +1 overwhelms, 0 cancel,
    /// −1 overwhelmed (0 when either is not an attack).
    pub fn clash(&self, a: usize, b: usize) -> i8 {
        let n = self.moves.len();
        if a >= n || b >= n {
            return 0;
        }
        self.clash.get(a * n + b).copied().unwrap_or(0)
    }

    /// The rule set of `preset`.
    pub fn preset(preset: Preset) -> Self {
        let spec = match preset {
            Preset::Hk => hk_spec(),
            Preset::Classic => classic_spec(),
            Preset::Extended => extended_spec(),
        };
        // The presets are checked by the unit tests below; they never fail.
        match Self::new(spec) {
            Ok(rules) => rules,
            Err(e) => unreachable!("preset {preset} is invalid: {e}"),
        }
    }

    /// The hk rules (the default).
    pub fn hk() -> Self {
        Self::preset(Preset::Hk)
    }

    /// The classic rules: no health to spare, no qi to start.
    pub fn classic() -> Self {
        Self::preset(Preset::Classic)
    }

    /// hk plus 上天堂, 落地獄 and 超級儲氣.
    pub fn extended() -> Self {
        Self::preset(Preset::Extended)
    }

    /// Which preset this rule set is, if any.
    pub fn which_preset(&self) -> Option<Preset> {
        Preset::ALL
            .into_iter()
            .find(|&p| Self::preset(p).spec == self.spec)
    }
}

impl Default for RuleSet {
    fn default() -> Self {
        Self::hk()
    }
}

impl TryFrom<RuleSpec> for RuleSet {
    type Error = Error;
    fn try_from(spec: RuleSpec) -> Result<Self, Self::Error> {
        Self::new(spec)
    }
}

impl From<RuleSet> for RuleSpec {
    fn from(rules: RuleSet) -> Self {
        rules.spec
    }
}

/// The rule sets that ship.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Preset {
    /// The original program's modified rules (the default): 5 health, 5 qi, heavy attacks do 2,
    /// charging at 1 health gives 2.
    #[default]
    Hk,
    /// The schoolyard's 經典模式: 0 qi, the first hit wins.
    Classic,
    /// hk plus 上天堂 (cost 6), 落地獄 (cost 7) and 超級儲氣 (+1000 qi).
    Extended,
}

impl Preset {
    /// Every preset.
    pub const ALL: [Preset; 3] = [Preset::Hk, Preset::Classic, Preset::Extended];
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Preset::Hk => "hk",
            Preset::Classic => "classic",
            Preset::Extended => "extended",
        })
    }
}

impl FromStr for Preset {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "hk" => Ok(Preset::Hk),
            "classic" => Ok(Preset::Classic),
            "extended" => Ok(Preset::Extended),
            _ => Err(Error::UnknownPreset(s.to_string())),
        }
    }
}

/// The shipped attacks: the level is the cost.
fn attack(name: &str, chinese: &str, cost: i64, damage: i64, blockable: bool) -> MoveSpec {
    MoveSpec::attack(name, chinese, cost, cost, damage, blockable)
}

fn base_moves(heavy_damage: i64) -> Vec<MoveSpec> {
    vec![
        MoveSpec::charge("charge", "儲氣", 1),
        MoveSpec::block("block", "保護"),
        attack("shoot", "開槍", 1, 1, true),
        attack("kamehameha", "龜波氣功", 2, 1, true),
        attack("dragon-palm", "降龍十八掌", 3, 1, false),
        attack("seal", "封印", 4, heavy_damage, false),
        attack("buddha-palm", "如來神掌", 5, heavy_damage, false),
    ]
}

fn shoot_beats_seal() -> Vec<Overwhelm> {
    vec![Overwhelm {
        winner: "shoot".into(),
        loser: "seal".into(),
    }]
}

fn hk_spec() -> RuleSpec {
    RuleSpec {
        name: "hk".into(),
        moves: base_moves(2),
        overwhelms: shoot_beats_seal(),
        start_health: 5,
        start_qi: 5,
        low_health_bonus: Some(LowHealthBonus {
            health_at_most: 1,
            extra_qi: 1,
        }),
        round_limit: 200,
    }
}

fn classic_spec() -> RuleSpec {
    RuleSpec {
        name: "classic".into(),
        moves: base_moves(1),
        overwhelms: shoot_beats_seal(),
        start_health: 1,
        start_qi: 0,
        low_health_bonus: None,
        round_limit: 200,
    }
}

fn extended_spec() -> RuleSpec {
    let mut spec = hk_spec();
    spec.name = "extended".into();
    spec.moves.push(attack("heaven", "上天堂", 6, 2, false));
    spec.moves.push(attack("hell", "落地獄", 7, 2, false));
    spec.moves
        .push(MoveSpec::charge("super-charge", "超級儲氣", 1000));
    spec
}

/// The Chinese names of the moves that ship (traditional and simplified), so that an action typed
/// in Chinese parses without a rule set at hand.
const KNOWN_CHINESE: [(&str, &str, &str); 10] = [
    ("charge", "儲氣", "储气"),
    ("block", "保護", "保护"),
    ("shoot", "開槍", "开枪"),
    ("kamehameha", "龜波氣功", "龟波气功"),
    ("dragon-palm", "降龍十八掌", "降龙十八掌"),
    ("seal", "封印", "封印"),
    ("buddha-palm", "如來神掌", "如来神掌"),
    ("heaven", "上天堂", "上天堂"),
    ("hell", "落地獄", "落地狱"),
    ("super-charge", "超級儲氣", "超级储气"),
];

/// The English names of every move of the shipped rule sets, in the order `extended` lists them.
pub(crate) fn shipped_moves() -> impl Iterator<Item = &'static str> {
    KNOWN_CHINESE.iter().map(|(en, _, _)| *en)
}

/// The English name of a shipped move given its Chinese name.
pub(crate) fn known_chinese(text: &str) -> Option<&'static str> {
    KNOWN_CHINESE
        .iter()
        .find(|(_, trad, simp)| *trad == text || *simp == text)
        .map(|(en, _, _)| *en)
}

/// How a game is set up: the rule set and the number of players (2 for the duel, up to 8 for the
/// free-for-all).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Number of players, 2 to [`MAX_PLAYERS`].
    pub players: usize,
    /// The rules, shared by every state of the game.
    pub rules: Arc<RuleSet>,
}

impl Config {
    /// A duel under `preset`.
    pub fn preset(preset: Preset) -> Self {
        Self {
            players: 2,
            rules: Arc::new(RuleSet::preset(preset)),
        }
    }

    /// The same rules with `players` players.
    ///
    /// ```
    /// use duel_rules::prelude::*;
    ///
    /// let classic = Config::preset(Preset::Classic);
    /// assert_eq!(classic.rules.start_health(), 1);
    /// let brawl = Config::default().with_players(4);
    /// let game = Duel::new(brawl, 0)?;
    /// assert_eq!(game.fighters().len(), 4);
    /// assert!(Duel::new(Config::default().with_players(9), 0).is_err());
    /// # Ok::<(), Error>(())
    /// ```
    pub fn with_players(mut self, players: usize) -> Self {
        self.players = players;
        self
    }
}

impl Default for Config {
    fn default() -> Self {
        Self::preset(Preset::Hk)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_valid_and_distinct() {
        for p in Preset::ALL {
            let rules = RuleSet::new(RuleSet::preset(p).spec().clone()).unwrap();
            assert_eq!(rules.which_preset(), Some(p));
            assert_eq!(p.to_string().parse::<Preset>().unwrap(), p);
        }
        assert_eq!(RuleSet::hk().moves().len(), 7);
        assert_eq!(RuleSet::extended().moves().len(), 10);
    }

    #[test]
    fn hk_numbers_follow_the_rule_book() {
        let r = RuleSet::hk();
        assert_eq!(
            (r.start_health(), r.start_qi(), r.round_limit()),
            (5, 5, 200)
        );
        let charge = r.find("charge").unwrap();
        assert_eq!(r.charge_gain(charge, 2), 1);
        assert_eq!(r.charge_gain(charge, 1), 2);
        let shoot = r.find("開槍").unwrap();
        let seal = r.find("seal").unwrap();
        let buddha = r.find("Buddha_Palm").unwrap();
        assert_eq!(r.clash(shoot, seal), 1);
        assert_eq!(r.clash(seal, shoot), -1);
        assert_eq!(r.clash(seal, buddha), -1);
        assert_eq!(r.clash(buddha, buddha), 0);
        let c = RuleSet::classic();
        assert_eq!((c.start_health(), c.start_qi()), (1, 0));
        assert_eq!(c.charge_gain(0, 1), 1);
    }

    #[test]
    fn contradictions_are_refused() {
        let mut spec = RuleSet::hk().spec().clone();
        spec.moves[2].cost = -1;
        assert!(matches!(RuleSet::new(spec), Err(Error::InvalidRules(_))));

        let mut spec = RuleSet::hk().spec().clone();
        spec.moves.clear();
        assert!(RuleSet::new(spec).is_err());

        let mut spec = RuleSet::hk().spec().clone();
        spec.moves.retain(|m| m.cost > 0);
        assert!(RuleSet::new(spec).is_err(), "no free move");

        let mut spec = RuleSet::hk().spec().clone();
        spec.moves.retain(|m| m.cost == 0);
        spec.overwhelms.clear();
        assert!(RuleSet::new(spec).is_err(), "no attack");

        let mut spec = RuleSet::hk().spec().clone();
        spec.overwhelms.push(Overwhelm {
            winner: "seal".into(),
            loser: "shoot".into(),
        });
        assert!(RuleSet::new(spec).is_err(), "both ways round");

        let mut spec = RuleSet::hk().spec().clone();
        spec.overwhelms[0].loser = "block".into();
        assert!(RuleSet::new(spec).is_err(), "exception on a non-attack");

        let mut spec = RuleSet::hk().spec().clone();
        spec.moves[3].name = "shoot".into();
        assert!(RuleSet::new(spec).is_err(), "duplicate name");

        let mut spec = RuleSet::hk().spec().clone();
        spec.moves[3].name = "Shoot Twice".into();
        assert!(matches!(RuleSet::new(spec), Err(Error::InvalidName { .. })));

        for f in [
            |s: &mut RuleSpec| s.start_health = 0,
            |s: &mut RuleSpec| s.start_qi = -3,
            |s: &mut RuleSpec| s.round_limit = 0,
            |s: &mut RuleSpec| s.start_health = MAX_RULE_NUMBER + 1,
        ] {
            let mut spec = RuleSet::hk().spec().clone();
            f(&mut spec);
            assert!(RuleSet::new(spec).is_err());
        }
    }

    #[test]
    fn move_names() {
        assert_eq!(
            MoveName::new("dragon-palm").unwrap().as_str(),
            "dragon-palm"
        );
        for bad in [
            "",
            "out",
            "Shoot",
            "9mm",
            "a b",
            "abcdefghijklmnopqrstuvwxyz",
        ] {
            assert!(MoveName::new(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn rule_set_serde_round_trip_and_refusal() {
        let rules = RuleSet::extended();
        let json = serde_json::to_string(&rules).unwrap();
        let back: RuleSet = serde_json::from_str(&json).unwrap();
        assert_eq!(back, rules);
        let broken = json.replacen("\"cost\":1", "\"cost\":-1", 1);
        assert!(serde_json::from_str::<RuleSet>(&broken).is_err());
    }

    /// A misspelt field anywhere in a configuration is refused, not dropped in favour of a
    /// default: `"player": 3` must not quietly play a duel.
    #[test]
    fn unknown_fields_are_refused_at_every_level() {
        let config = Config::default().with_players(3);
        let json = serde_json::to_string(&config).unwrap();
        assert_eq!(serde_json::from_str::<Config>(&json).unwrap(), config);
        for (from, to) in [
            ("\"players\":3", "\"players\":3,\"player\":3"),
            ("\"round_limit\"", "\"round_limt\":1,\"round_limit\""),
            ("\"cost\":", "\"costs\":1,\"cost\":"),
            ("\"damage\":", "\"dammage\":1,\"damage\":"),
            ("\"winner\":", "\"winer\":\"x\",\"winner\":"),
            ("\"extra_qi\":", "\"extra\":1,\"extra_qi\":"),
        ] {
            assert!(json.contains(from), "{from} not in {json}");
            let typo = json.replacen(from, to, 1);
            let err = serde_json::from_str::<Config>(&typo).unwrap_err();
            assert!(err.to_string().contains("unknown field"), "{typo}: {err}");
        }
    }
}
