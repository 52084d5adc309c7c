//! Seeded randomness that means the same thing forever.
//!
//! [`GameRng`] is ChaCha8 (20 fewer rounds than ChaCha20, still statistically excellent and fast).
//! Its 32-byte key is expanded from the `u64` seed with SplitMix64, and every sampling routine
//! here is written on the generator's raw `u64` output with a documented algorithm, so the same
//! seed gives the same deal with any later version of `rand`.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// One step of SplitMix64 (Steele, Lea and Flood 2014): advances `state` and returns a well-mixed
/// 64-bit value. Used to expand seeds and to derive independent seeds from one.
///
/// ```
/// use game_core::splitmix64;
///
/// let mut state = 1u64;
/// let first = splitmix64(&mut state);
/// assert_ne!(splitmix64(&mut state), first); // the state advanced
/// let mut again = 1u64;
/// assert_eq!(splitmix64(&mut again), first); // a pure function of the state
/// ```
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A seed for stream `stream` derived from `seed`: games and agents of an arena each get their
/// own, and neighbouring streams are unrelated.
///
/// ```
/// use game_core::derive_seed;
///
/// // The opponent of game 42 and the agent of seat 1 each get their own seed.
/// let streams: Vec<u64> = (0..4).map(|stream| derive_seed(42, stream)).collect();
/// assert_eq!(streams[1], derive_seed(42, 1)); // the same forever
/// assert!(streams.iter().all(|&s| s != 42));
/// assert_ne!(streams[0], streams[1]);
/// ```
pub fn derive_seed(seed: u64, stream: u64) -> u64 {
    let mut state = seed ^ stream.wrapping_mul(0xD1B5_4A32_D192_ED03);
    splitmix64(&mut state)
}

/// The seeded generator every game and agent draws from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRng {
    inner: ChaCha8Rng,
}

impl GameRng {
    /// A generator seeded from `seed`: the ChaCha8 key is four SplitMix64 outputs starting from
    /// `seed`, in little-endian byte order; the stream and position start at 0.
    ///
    /// ```
    /// use game_core::GameRng;
    ///
    /// let mut a = GameRng::new(7);
    /// let mut b = GameRng::new(7);
    /// assert_eq!(a.next_u64(), b.next_u64()); // a seed is a sequence
    /// assert_ne!(GameRng::new(8).next_u64(), GameRng::new(7).next_u64());
    /// ```
    pub fn new(seed: u64) -> Self {
        let mut state = seed;
        let mut key = [0u8; 32];
        for chunk in key.chunks_exact_mut(8) {
            chunk.copy_from_slice(&splitmix64(&mut state).to_le_bytes());
        }
        Self {
            inner: ChaCha8Rng::from_seed(key),
        }
    }

    /// The next raw 64-bit output.
    ///
    /// ```
    /// use game_core::GameRng;
    ///
    /// let mut rng = GameRng::new(1);
    /// let first = rng.next_u64();
    /// assert_ne!(rng.next_u64(), first);
    /// assert_eq!(GameRng::new(1).next_u64(), first);
    /// ```
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.inner.next_u64()
    }

    /// A uniform integer in `0..n`, or 0 when `n` is 0.
    ///
    /// Lemire's multiply-and-reject method (2019): take the high 64 bits of `x * n` for a raw
    /// `x`, rejecting `x` when the low 64 bits fall below `2^64 mod n`. Exactly uniform.
    ///
    /// ```
    /// use game_core::GameRng;
    ///
    /// let mut rng = GameRng::new(3);
    /// let die: Vec<u64> = (0..100).map(|_| rng.below(6) + 1).collect();
    /// assert!(die.iter().all(|&d| (1..=6).contains(&d)));
    /// assert_eq!(rng.below(0), 0);
    /// ```
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        let mut product = u128::from(self.next_u64()) * u128::from(n);
        let mut low = product as u64;
        if low < n {
            let threshold = n.wrapping_neg() % n;
            while low < threshold {
                product = u128::from(self.next_u64()) * u128::from(n);
                low = product as u64;
            }
        }
        (product >> 64) as u64
    }

    /// A uniform index into a slice of length `len`, or 0 when `len` is 0.
    ///
    /// ```
    /// use game_core::GameRng;
    ///
    /// let names = ["north", "east", "south", "west"];
    /// let mut rng = GameRng::new(3);
    /// let seat = rng.index(names.len());
    /// assert!(seat < 4);
    /// println!("{} deals", names[seat]);
    /// ```
    #[inline]
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    /// A uniform integer in `low..=high` (`low` when `high < low`).
    ///
    /// ```
    /// use game_core::GameRng;
    ///
    /// let mut rng = GameRng::new(3);
    /// let x = rng.range_inclusive(-2, 2);
    /// assert!((-2..=2).contains(&x));
    /// assert_eq!(rng.range_inclusive(5, 1), 5); // an empty range gives `low`
    /// ```
    pub fn range_inclusive(&mut self, low: i64, high: i64) -> i64 {
        if high <= low {
            return low;
        }
        let span = high.wrapping_sub(low) as u64;
        if span == u64::MAX {
            return self.next_u64() as i64;
        }
        low.wrapping_add(self.below(span + 1) as i64)
    }

    /// A uniform float in `[0, 1)`: the top 53 bits of a raw output times 2^-53.
    ///
    /// ```
    /// use game_core::GameRng;
    ///
    /// let mut rng = GameRng::new(3);
    /// let u = rng.unit_f64();
    /// assert!((0.0..1.0).contains(&u));
    /// ```
    #[inline]
    pub fn unit_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// `true` with probability `p` (clamped to `[0, 1]`).
    ///
    /// ```
    /// use game_core::GameRng;
    ///
    /// let mut rng = GameRng::new(3);
    /// assert!(rng.chance(1.0));
    /// assert!(!rng.chance(0.0));
    /// let heads = (0..1000).filter(|_| rng.chance(0.5)).count();
    /// assert!((400..600).contains(&heads));
    /// ```
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit_f64() < p
    }

    /// A uniformly chosen element, or `None` for an empty slice.
    ///
    /// ```
    /// use game_core::GameRng;
    ///
    /// let mut rng = GameRng::new(3);
    /// let moves = ["rock", "paper", "scissors"];
    /// assert!(moves.contains(rng.choose(&moves).expect("three to choose from")));
    /// assert_eq!(rng.choose::<u8>(&[]), None);
    /// ```
    #[inline]
    pub fn choose<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            items.get(self.index(items.len()))
        }
    }

    /// Shuffles `items` in place with the Fisher–Yates algorithm as Durstenfeld wrote it: for
    /// `i` from the last index down to 1, swap item `i` with item `below(i + 1)`.
    ///
    /// ```
    /// use game_core::GameRng;
    ///
    /// let mut deck: Vec<u32> = (1..=10).collect();
    /// GameRng::new(42).shuffle(&mut deck);
    /// let mut again: Vec<u32> = (1..=10).collect();
    /// GameRng::new(42).shuffle(&mut again);
    /// assert_eq!(deck, again); // a seed means the same deal forever
    /// let mut sorted = deck.clone();
    /// sorted.sort();
    /// assert_eq!(sorted, (1..=10).collect::<Vec<_>>()); // every card once
    /// ```
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }

    /// An index drawn with probability proportional to `weights` (negative and NaN weights count
    /// as 0); `None` when no weight is positive. Uses one [`GameRng::unit_f64`].
    ///
    /// ```
    /// use game_core::GameRng;
    ///
    /// let mut rng = GameRng::new(3);
    /// // Index 1 is never drawn; index 2 three times as often as index 0.
    /// let weights = [1.0, 0.0, 3.0, -2.0];
    /// let draws: Vec<usize> = (0..400).filter_map(|_| rng.weighted_index(&weights)).collect();
    /// assert!(draws.iter().all(|&i| i == 0 || i == 2));
    /// let twos = draws.iter().filter(|&&i| i == 2).count();
    /// assert!((250..350).contains(&twos));
    /// assert_eq!(rng.weighted_index(&[0.0, f64::NAN]), None);
    /// ```
    pub fn weighted_index(&mut self, weights: &[f64]) -> Option<usize> {
        let clean = |w: f64| if w > 0.0 { w } else { 0.0 };
        let total: f64 = weights.iter().copied().map(clean).sum();
        if total <= 0.0 || !total.is_finite() {
            return None;
        }
        let mut target = self.unit_f64() * total;
        let mut last_positive = None;
        for (i, &w) in weights.iter().enumerate() {
            let w = clean(w);
            if w > 0.0 {
                last_positive = Some(i);
                if target < w {
                    return Some(i);
                }
                target -= w;
            }
        }
        last_positive
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_outputs(seed: u64) -> [u64; 3] {
        let mut rng = GameRng::new(seed);
        [rng.next_u64(), rng.next_u64(), rng.next_u64()]
    }

    fn shuffled(seed: u64) -> Vec<u8> {
        let mut items: Vec<u8> = (0..10).collect();
        GameRng::new(seed).shuffle(&mut items);
        items
    }

    #[test]
    fn golden_raw_outputs() {
        for (seed, expected) in GOLDEN_RAW {
            assert_eq!(first_outputs(seed), expected, "seed {seed}");
        }
    }

    #[test]
    fn golden_shuffles() {
        for (seed, expected) in GOLDEN_SHUFFLE {
            assert_eq!(shuffled(seed), expected.to_vec(), "seed {seed}");
        }
    }

    #[test]
    fn golden_below() {
        for (seed, expected) in GOLDEN_BELOW {
            let mut rng = GameRng::new(seed);
            let got: Vec<u64> = (1..=8).map(|n| rng.below(n * 7)).collect();
            assert_eq!(got, expected.to_vec(), "seed {seed}");
        }
    }

    #[test]
    fn below_stays_in_range_and_zero_is_zero() {
        let mut rng = GameRng::new(7);
        assert_eq!(rng.below(0), 0);
        for n in [1u64, 2, 3, 10, 1 << 40, u64::MAX] {
            for _ in 0..100 {
                assert!(rng.below(n) < n);
            }
        }
    }

    #[test]
    fn below_is_roughly_uniform() {
        let mut rng = GameRng::new(3);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[rng.index(6)] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn weighted_index_respects_zero_weights() {
        let mut rng = GameRng::new(5);
        for _ in 0..1000 {
            assert_ne!(rng.weighted_index(&[1.0, 0.0, 2.0]), Some(1));
        }
        assert_eq!(rng.weighted_index(&[0.0, -1.0, f64::NAN]), None);
    }

    #[test]
    fn derived_seeds_differ() {
        assert_ne!(derive_seed(1, 0), derive_seed(1, 1));
        assert_ne!(derive_seed(0, 1), derive_seed(1, 0));
    }

    #[test]
    fn range_inclusive_bounds() {
        let mut rng = GameRng::new(11);
        for _ in 0..1000 {
            let v = rng.range_inclusive(-3, 3);
            assert!((-3..=3).contains(&v));
        }
        assert_eq!(rng.range_inclusive(5, 2), 5);
    }

    const GOLDEN_RAW: [(u64, [u64; 3]); 3] = [
        (
            0,
            [
                13804888775535289832,
                4211859015901796865,
                4415496932110364166,
            ],
        ),
        (
            1,
            [
                17254111457321727320,
                9958508360252413363,
                882713562349892078,
            ],
        ),
        (
            42,
            [
                3536907876931541756,
                1681417456739323905,
                17856965759995586207,
            ],
        ),
    ];
    const GOLDEN_SHUFFLE: [(u64, [u8; 10]); 3] = [
        (0, [5, 4, 3, 9, 6, 8, 0, 1, 2, 7]),
        (1, [1, 5, 8, 3, 7, 2, 6, 0, 4, 9]),
        (42, [6, 4, 3, 2, 9, 8, 5, 7, 0, 1]),
    ];
    const GOLDEN_BELOW: [(u64, [u64; 8]); 3] = [
        (0, [5, 3, 5, 2, 12, 1, 18, 32]),
        (1, [6, 7, 1, 24, 15, 4, 46, 14]),
        (42, [1, 1, 20, 20, 0, 10, 36, 38]),
    ];
}
