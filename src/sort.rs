//! The one sort of the engine's cold paths. Every element type and comparator given to the
//! standard library's sorts is a separate copy of its sort code (a stable sort instance is
//! about 6 KiB of wasm); sorting `u64` keys here instead keeps the module to one copy (the
//! search's hot move ordering keeps its own).

/// Sorts `v` by `key`, ties in their order in `v` (a stable sort).
pub(crate) fn sort_by_key<T: Copy>(v: &mut [T], key: impl Fn(&T) -> u32) {
    let mut keyed: Vec<u64> = v
        .iter()
        .enumerate()
        .map(|(i, x)| u64::from(key(x)) << 32 | i as u64)
        .collect();
    keyed.sort_unstable();
    let old = v.to_vec();
    for (slot, k) in v.iter_mut().zip(keyed) {
        *slot = old[k as u32 as usize];
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
        let mut extremes = [i32::MAX, 0, i32::MIN, -1, 1];
        sort_by_key(&mut extremes, |&k| key_i32(k));
        assert_eq!(extremes, [i32::MIN, -1, 0, 1, i32::MAX]);
    }
}
