//! A fast hash for tables whose keys no adversary chooses (cards, moves, counters): std's SipHash
//! resists crafted keys, at many times the cost.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A `HashMap` hashed with [`FxHasher`].
///
/// ```
/// let mut seen: game_core::FxHashMap<u64, u32> = Default::default();
/// *seen.entry(7).or_default() += 1;
/// assert_eq!(seen[&7], 1);
/// ```
pub type FxHashMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// The Fx hash (rustc's): one multiply per word, with a final mix.
#[derive(Clone, Copy, Debug, Default)]
pub struct FxHasher(u64);

impl Hasher for FxHasher {
    fn finish(&self) -> u64 {
        // Tables index by the low bits, which a multiply alone leaves poorly mixed.
        let z = (self.0 ^ (self.0 >> 32)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        z ^ (z >> 29)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    // Integers narrower than a word, and enum discriminants (hashed as `isize`), take one step
    // each rather than one per byte.
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.write_u64(u64::from(i));
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
}
