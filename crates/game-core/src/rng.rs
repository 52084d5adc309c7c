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
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A seed for stream `stream` derived from `seed`: games and agents of an arena each get their
/// own, and neighbouring streams are unrelated.
pub fn derive_seed(seed: u64, stream: u64) -> u64 {
    let mut state = seed ^ stream.wrapping_mul(0xD1B5_4A32_D192_ED03);
    splitmix64(&mut state)
}

/// How many raw outputs [`GameRng::shuffle`] reads from the generator at a time.
const SHUFFLE_CHUNK: usize = 64;

/// Where the raw 64-bit outputs come from: one at a time, or in bulk as their little-endian
/// bytes, the same stream either way. The generator in use, and a scripted stream in the tests.
trait RawSource {
    /// The next output.
    fn next_raw(&mut self) -> u64;
    /// The next `bytes.len() / 8` outputs, little-endian (`bytes.len()` is a multiple of 8).
    fn fill_raw(&mut self, bytes: &mut [u8]);
}

impl RawSource for ChaCha8Rng {
    #[inline]
    fn next_raw(&mut self) -> u64 {
        self.next_u64()
    }

    /// ChaCha8Rng's byte fill consumes whole 32-bit words in order, and a `u64` output is two
    /// words, low first: eight bytes of fill are one [`Rng::next_u64`].
    #[inline]
    fn fill_raw(&mut self, bytes: &mut [u8]) {
        self.fill_bytes(bytes);
    }
}

/// [`GameRng::below`] on `source`.
#[inline]
fn below(source: &mut impl RawSource, n: u64) -> u64 {
    if n == 0 {
        return 0;
    }
    let mut product = u128::from(source.next_raw()) * u128::from(n);
    let mut low = product as u64;
    if low < n {
        let threshold = n.wrapping_neg() % n;
        while low < threshold {
            product = u128::from(source.next_raw()) * u128::from(n);
            low = product as u64;
        }
    }
    (product >> 64) as u64
}

/// The `k`-th little-endian `u64` of `buf` (`k` is taken modulo [`SHUFFLE_CHUNK`], which makes
/// the read infallible; the callers keep it below).
#[inline(always)]
fn raw_at(buf: &[u8; 8 * SHUFFLE_CHUNK], k: usize) -> u64 {
    let k = k % SHUFFLE_CHUNK;
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(&buf[8 * k..8 * k + 8]);
    u64::from_le_bytes(bytes)
}

/// [`GameRng::shuffle`] on `source`, reading the raw outputs in bulk.
///
/// Each step draws at least once, so the buffer is filled with as many outputs as there are
/// steps left (at most [`SHUFFLE_CHUNK`]): never more than the plain loop would draw. A draw
/// takes the next output of the buffer, or of `source` once the buffer is used up (only after
/// the rare draw that [`below`] rejects), which is where the plain loop would take it. So the
/// order and the position of `source` afterwards are those of the plain loop.
#[inline]
fn shuffle<T, S: RawSource>(source: &mut S, items: &mut [T]) {
    let mut buf = [0u8; 8 * SHUFFLE_CHUNK];
    // Items `..len` are still to shuffle: the steps for `i` from `len - 1` down to 1 are left.
    let mut len = items.len();
    while len > 1 {
        let steps = (len - 1).min(SHUFFLE_CHUNK);
        source.fill_raw(&mut buf[..8 * steps]);
        let last = len - steps;
        let part = &mut items[..len];
        if let Some(k) = shuffle_chunk(&buf, part, last) {
            // Perhaps a rejection (one draw in 2^57 or fewer): the rest of the chunk the slow way,
            // from this step.
            finish_chunk(source, &buf, steps, k, &mut part[..len - k], last);
        }
        len = last;
    }
}

/// The steps of one [`shuffle`] chunk, for `i` from `items.len() - 1` down to `last`: step `k`
/// (for item `len - 1 - k`) reads output `k` of `buf`. It stops before the first draw that may be
/// rejected and returns its step, for [`finish_chunk`] to take over there.
///
/// All the draws are worked out before any swap, so no load of the buffer waits behind a swap's
/// store: about 30% faster than one loop (measured on a 44-card deal), and the generator stays
/// out of the loops.
#[inline(always)]
fn shuffle_chunk<T>(buf: &[u8; 8 * SHUFFLE_CHUNK], items: &mut [T], last: usize) -> Option<usize> {
    let len = items.len();
    let mut targets = [0usize; SHUFFLE_CHUNK];
    let mut stop = None;
    for (k, target) in targets.iter_mut().enumerate().take(len - last) {
        let i = len - 1 - k;
        let n = i as u64 + 1;
        let product = u128::from(raw_at(buf, k)) * u128::from(n);
        if (product as u64) < n && stop.is_none() {
            stop = Some(k);
        }
        // At most `i`; swapping an item with itself is a no-op, cheaper than a branch.
        *target = ((product >> 64) as usize).min(i);
    }
    let steps = stop.unwrap_or(len - last);
    for (k, &j) in targets.iter().enumerate().take(steps) {
        items.swap(len - 1 - k, j);
    }
    stop
}

/// The outputs left in a [`shuffle`] buffer, then those of the generator: where a draw comes
/// from once one in the chunk may have been rejected.
struct Buffered<'a, S> {
    buf: &'a [u8; 8 * SHUFFLE_CHUNK],
    /// How many outputs the buffer holds.
    steps: usize,
    /// How many of them have been read.
    next: usize,
    source: &'a mut S,
}

impl<S: RawSource> RawSource for Buffered<'_, S> {
    fn next_raw(&mut self) -> u64 {
        self.next += 1;
        if self.next <= self.steps {
            raw_at(self.buf, self.next - 1)
        } else {
            self.source.next_raw()
        }
    }

    fn fill_raw(&mut self, bytes: &mut [u8]) {
        for chunk in bytes.chunks_exact_mut(8) {
            chunk.copy_from_slice(&self.next_raw().to_le_bytes());
        }
    }
}

/// The steps of a chunk of [`shuffle`] from step `k` (for item `items.len() - 1`) down to the
/// one for item `last`, when a draw may be rejected: plain [`below`] draws, each from the next
/// output of the buffer (`steps` of them) or, once it is used up, of `source`.
#[cold]
#[inline(never)]
fn finish_chunk<T, S: RawSource>(
    source: &mut S,
    buf: &[u8; 8 * SHUFFLE_CHUNK],
    steps: usize,
    next: usize,
    items: &mut [T],
    last: usize,
) {
    let mut draws = Buffered {
        buf,
        steps,
        next,
        source,
    };
    for i in (last.max(1)..items.len()).rev() {
        let j = below(&mut draws, i as u64 + 1) as usize;
        items.swap(i, j.min(i));
    }
}

/// The seeded generator every game and agent draws from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRng {
    inner: ChaCha8Rng,
}

impl GameRng {
    /// A generator seeded from `seed`: the ChaCha8 key is four SplitMix64 outputs starting from
    /// `seed`, in little-endian byte order; the stream and position start at 0.
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
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.inner.next_u64()
    }

    /// A uniform integer in `0..n`, or 0 when `n` is 0.
    ///
    /// Lemire's multiply-and-reject method (2019): take the high 64 bits of `x * n` for a raw
    /// `x`, rejecting `x` when the low 64 bits fall below `2^64 mod n`. Exactly uniform.
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        below(&mut self.inner, n)
    }

    /// A uniform index into a slice of length `len`, or 0 when `len` is 0.
    #[inline]
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    /// A uniform integer in `low..=high` (`low` when `high < low`).
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
    #[inline]
    pub fn unit_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// `true` with probability `p` (clamped to `[0, 1]`).
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit_f64() < p
    }

    /// A uniformly chosen element, or `None` for an empty slice.
    #[inline]
    pub fn choose<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            items.get(self.index(items.len()))
        }
    }

    /// Shuffles `items` in place with the Fisher–Yates algorithm as Durstenfeld wrote it: for
    /// `i` from the last index down to 1, swap item `i` with item `below(i + 1)`. The raw
    /// outputs are read from the generator in bulk, which gives the same draws and leaves it at
    /// the same position.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        shuffle(&mut self.inner, items);
    }

    /// An index drawn with probability proportional to `weights` (negative and NaN weights count
    /// as 0); `None` when no weight is positive. Uses one [`GameRng::unit_f64`].
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

    /// The shuffle as first written, one [`below`] per step: the reference for the buffered one.
    fn reference_shuffle<T>(source: &mut impl RawSource, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = below(source, i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// A scripted stream of raw outputs, counting how many were read.
    struct Script {
        values: Vec<u64>,
        read: usize,
    }

    impl RawSource for Script {
        fn next_raw(&mut self) -> u64 {
            self.read += 1;
            self.values[self.read - 1]
        }

        fn fill_raw(&mut self, bytes: &mut [u8]) {
            for chunk in bytes.chunks_exact_mut(8) {
                chunk.copy_from_slice(&self.next_raw().to_le_bytes());
            }
        }
    }

    proptest::proptest! {
        /// The buffered shuffle gives the reference's order and leaves the generator where the
        /// reference does (equal generators, the same next output), for any seed and length,
        /// also after earlier draws.
        #[test]
        fn shuffle_matches_the_reference(seed: u64, len in 0usize..200, before in 0usize..70) {
            let mut fast = GameRng::new(seed);
            let mut slow = GameRng::new(seed);
            for _ in 0..before {
                proptest::prop_assert_eq!(fast.next_u64(), slow.next_u64());
            }
            let mut a: Vec<usize> = (0..len).collect();
            let mut b = a.clone();
            fast.shuffle(&mut a);
            reference_shuffle(&mut slow.inner, &mut b);
            proptest::prop_assert_eq!(&a, &b);
            proptest::prop_assert_eq!(&fast, &slow);
            proptest::prop_assert_eq!(fast.next_u64(), slow.next_u64());
        }

        /// Rejected draws (a raw 0 is rejected for every `n` that is not a power of two) take
        /// the outputs the reference takes, wherever they fall: inside a buffer, at its end,
        /// or after the last buffer.
        #[test]
        fn rejections_read_the_same_stream(
            len in 0usize..200,
            values in proptest::collection::vec(
                proptest::prop_oneof![3 => proptest::prelude::any::<u64>(), 1 => proptest::strategy::Just(0u64)],
                600,
            ),
        ) {
            let mut fast = Script { values: values.clone(), read: 0 };
            let mut slow = Script { values, read: 0 };
            let mut a: Vec<usize> = (0..len).collect();
            let mut b = a.clone();
            shuffle(&mut fast, &mut a);
            reference_shuffle(&mut slow, &mut b);
            proptest::prop_assert_eq!(&a, &b);
            proptest::prop_assert_eq!(fast.read, slow.read);
        }
    }

    #[test]
    fn shuffle_positions_after_every_length() {
        for len in 0..300u32 {
            let mut fast = GameRng::new(u64::from(len));
            let mut slow = GameRng::new(u64::from(len));
            let mut a: Vec<u32> = (0..len).collect();
            let mut b = a.clone();
            fast.shuffle(&mut a);
            reference_shuffle(&mut slow.inner, &mut b);
            assert_eq!(a, b, "length {len}");
            assert_eq!(fast.next_u64(), slow.next_u64(), "length {len}");
        }
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
