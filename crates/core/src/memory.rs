//! How much memory a big table may take, and allocating one without aborting.
//!
//! A table larger than the machine's free memory would be killed by the system once it is
//! touched (or abort the process on allocation), so every big table (the prover's, the general
//! solver's, the search's, perft's, the puzzle checker's memo) is checked against
//! [`available`] first and allocated fallibly.

use std::sync::atomic::AtomicU64;

/// Bytes of memory this process can still take: the least of the system's available memory
/// (`MemAvailable`), what its control group still allows, and what its address-space limit
/// (`ulimit -v`) leaves. `None` if none of them is known.
pub fn available() -> Option<u64> {
    let mut best: Option<u64> = None;
    let mut take = |v: Option<u64>| {
        if let Some(v) = v {
            best = Some(best.map_or(v, |b| b.min(v)));
        }
    };
    take(meminfo_available());
    take(cgroup_left());
    take(address_space_left());
    best
}

fn meminfo_available() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// Control group v2: `memory.max` minus `memory.current`, if limited.
fn cgroup_left() -> Option<u64> {
    let cgroup = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let path = cgroup.lines().find_map(|l| l.strip_prefix("0::"))?.trim();
    let dir = std::path::Path::new("/sys/fs/cgroup").join(path.trim_start_matches('/'));
    let max: u64 = std::fs::read_to_string(dir.join("memory.max")).ok()?.trim().parse().ok()?;
    let current: u64 = std::fs::read_to_string(dir.join("memory.current")).ok()?.trim().parse().ok()?;
    Some(max.saturating_sub(current))
}

/// `RLIMIT_AS` minus the address space in use, if limited.
#[cfg(unix)]
fn address_space_left() -> Option<u64> {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit writes into the struct given.
    if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) } != 0 || limit.rlim_cur == libc::RLIM_INFINITY {
        return None;
    }
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let used_kib: u64 =
        status.lines().find_map(|l| l.strip_prefix("VmSize:"))?.split_whitespace().next()?.parse().ok()?;
    #[allow(clippy::unnecessary_cast)] // rlim_t is not u64 on every Unix
    let limit = limit.rlim_cur as u64;
    Some(limit.saturating_sub(used_kib.saturating_mul(1024)))
}

#[cfg(not(unix))]
fn address_space_left() -> Option<u64> {
    None
}

/// The share of [`available`] one table may take (the rest is for everything else).
fn usable(available: u64) -> u64 {
    available / 10 * 9
}

/// Checks that a table of `bytes` bytes fits in the memory left. The message names the
/// `flag` and its `value` that asked for it, and the largest value that fits, given
/// `bytes_per_unit` bytes per unit of the flag.
pub fn check(bytes: u64, what: &str, flag: &str, value: u64, bytes_per_unit: u64) -> Result<(), String> {
    let Some(free) = available() else { return Ok(()) };
    if bytes <= usable(free) {
        return Ok(());
    }
    Err(too_big(bytes, what, flag, value, bytes_per_unit, free))
}

/// The message for a table that does not fit (see [`check`]); `free` is what is available.
pub fn too_big(bytes: u64, what: &str, flag: &str, value: u64, bytes_per_unit: u64, free: u64) -> String {
    let most = usable(free) / bytes_per_unit.max(1);
    format!(
        "{flag} {value}: {what} would take {} MiB, but only {} MiB of memory are free: give at most {flag} {most}",
        bytes.div_ceil(1 << 20),
        free >> 20
    )
}

/// `len` zeroed atomic words, or `None` if the memory cannot be had.
pub fn zeroed_atomics(len: usize) -> Option<Vec<AtomicU64>> {
    let mut words = Vec::new();
    words.try_reserve_exact(len).ok()?;
    words.extend((0..len).map(|_| AtomicU64::new(0)));
    Some(words)
}

/// `len` zeroed words, or `None` if the memory cannot be had. The system's zeroed pages are
/// used as they are (nothing is written), so untouched parts of a large table cost nothing.
pub fn zeroed_words(len: usize) -> Option<Vec<u64>> {
    // SAFETY: all-zero bytes are valid `u64`s.
    unsafe { zeroed_table::<u64>(len) }
}

/// `len` all-zero values, or `None` if the memory cannot be had. Like [`zeroed_words`], the
/// system's zeroed pages are used as they are, so a large table costs memory only where it is
/// written.
///
/// # Safety
/// All-zero bytes must be a valid `T` (plain integers, and structs of them).
pub unsafe fn zeroed_table<T: Copy>(len: usize) -> Option<Vec<T>> {
    if len == 0 || std::mem::size_of::<T>() == 0 {
        return Some(Vec::new());
    }
    let layout = std::alloc::Layout::array::<T>(len).ok()?;
    // SAFETY: the layout has a non-zero size; the caller guarantees all-zero bytes are a valid
    // `T`; the vector owns memory of the global allocator with exactly this layout.
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout) as *mut T;
        if ptr.is_null() {
            return None;
        }
        Some(Vec::from_raw_parts(ptr, len, len))
    }
}

/// `len` copies of `value`, or `None` if the memory cannot be had.
pub fn filled<T: Clone>(len: usize, value: T) -> Option<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).ok()?;
    v.resize(len, value);
    Some(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zeroed_table_is_all_zero_and_of_its_length() {
        // SAFETY: all-zero bytes are valid (u64, u32) pairs.
        let t = unsafe { zeroed_table::<(u64, u32)>(1 << 16) }.unwrap();
        assert_eq!(t.len(), 1 << 16);
        assert!(t.iter().all(|e| *e == (0, 0)));
        assert!(unsafe { zeroed_table::<u64>(0) }.unwrap().is_empty());
    }

    #[test]
    fn this_machine_has_some_memory_and_not_a_petabyte() {
        let free = available().expect("/proc/meminfo is readable on Linux");
        assert!(free > 1 << 20);
        let e = check(1 << 50, "the table", "--table-mb", 1 << 30, 1 << 20).unwrap_err();
        assert!(e.starts_with("--table-mb 1073741824: the table would take 1073741824 MiB, but only "), "{e}");
        assert!(e.contains("give at most --table-mb "), "{e}");
        assert!(check(1 << 20, "the table", "--table-mb", 1, 1 << 20).is_ok());
    }

    #[test]
    fn an_impossible_allocation_is_refused_not_aborted() {
        assert!(zeroed_atomics(usize::MAX / 8).is_none());
        assert!(filled(usize::MAX / 4, 0u64).is_none());
        assert_eq!(zeroed_atomics(3).unwrap().len(), 3);
        assert!(zeroed_words(usize::MAX / 8).is_none());
        assert_eq!(zeroed_words(5).unwrap(), vec![0; 5]);
    }
}
