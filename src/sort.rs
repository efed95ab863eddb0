//! The one sort of the engine's cold paths. Every element type and comparator given to the
//! standard library's sorts is a separate copy of its sort code (a stable sort instance is
//! about 6 KiB of wasm); sorting `u64` keys here instead keeps the module to one copy (the
//! search's hot move ordering keeps its own). The keys are sorted by a heapsort of a few
//! hundred bytes rather than the standard library's unstable sort (about 3 KiB of wasm):
//! the lists are short and cold, and every key is distinct (it holds the index), so any
//! correct sort gives the same order.

/// Sorts `v` by `key`, ties in their order in `v` (a stable sort).
pub(crate) fn sort_by_key<T: Copy>(v: &mut [T], key: impl Fn(&T) -> u32) {
    let mut keyed: Vec<u64> = v
        .iter()
        .enumerate()
        .map(|(i, x)| u64::from(key(x)) << 32 | i as u64)
        .collect();
    heapsort(&mut keyed);
    let old = v.to_vec();
    for (slot, k) in v.iter_mut().zip(keyed) {
        *slot = old[k as u32 as usize];
    }
}

/// Sorts `v` in place, smallest first.
#[inline(never)]
fn heapsort(v: &mut [u64]) {
    // Moves `v[root]` down the max-heap `v[..end]` to its place.
    fn sift_down(v: &mut [u64], mut root: usize, end: usize) {
        loop {
            let mut child = 2 * root + 1;
            if child >= end {
                return;
            }
            if child + 1 < end && v[child] < v[child + 1] {
                child += 1;
            }
            if v[root] >= v[child] {
                return;
            }
            v.swap(root, child);
            root = child;
        }
    }
    let n = v.len();
    for i in (0..n / 2).rev() {
        sift_down(v, i, n);
    }
    for end in (1..n).rev() {
        v.swap(0, end);
        sift_down(v, 0, end);
    }
}

/// `x` as a `u32` key in the same order (for [`sort_by_key`]).
pub(crate) fn key_i32(x: i32) -> u32 {
    x as u32 ^ 0x8000_0000
}

/// `x` as a `u32` key in the opposite order: largest first.
pub(crate) fn key_i32_desc(x: i32) -> u32 {
    !key_i32(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_like_the_standard_stable_sort() {
        let v: Vec<(i32, u8)> = (0..200u32)
            .map(|i| ((i.wrapping_mul(2654435761) >> 20) as i32 % 37 - 18, i as u8))
            .collect();
        let mut ours = v.clone();
        sort_by_key(&mut ours, |&(k, _)| key_i32_desc(k));
        let mut std = v.clone();
        std.sort_by_key(|&(k, _)| std::cmp::Reverse(k));
        assert_eq!(ours, std);
        let mut ours = v.clone();
        sort_by_key(&mut ours, |&(k, _)| key_i32(k));
        let mut std = v;
        std.sort_by_key(|&(k, _)| k);
        assert_eq!(ours, std);
        for n in 0..70u64 {
            let mut v: Vec<u64> = (0..n).map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15)).collect();
            let mut want = v.clone();
            want.sort_unstable();
            heapsort(&mut v);
            assert_eq!(v, want, "{n} keys");
        }
        let mut extremes = [i32::MAX, 0, i32::MIN, -1, 1];
        sort_by_key(&mut extremes, |&k| key_i32(k));
        assert_eq!(extremes, [i32::MIN, -1, 0, 1, i32::MAX]);
    }
}
