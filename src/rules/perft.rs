//! Perft: counting the move sequences of a given length, the standard check of a move
//! generator. Jumping-phase positions on boards of up to 128 bits are counted on
//! [`WideBoard`]s, the rest with [`Position::legal_moves`].

use super::position::{Move, Phase, Position};
use super::wide::WideBoard;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Counts leaf move sequences of length `depth` (bulk-counting the last ply).
pub fn perft(p: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return p.move_count() as u64;
    }
    // Past the opening, boards of up to 128 bits (8×8 is 72 with its guard column) are
    // counted on 128-bit boards, without building moves or positions.
    if p.opening_phase() == Phase::Jumping
        && let Some(board) = WideBoard::of(p.geometry())
    {
        let (own, enemy) = board.sides(p);
        return board.perft(own, enemy, depth);
    }
    let mut moves = Vec::with_capacity(64);
    p.legal_moves_into(&mut moves);
    moves.iter().map(|&m| perft(&p.after(m), depth - 1)).sum()
}

/// Per-root-move perft counts (none at depth 0, where the count is 1 with no move).
pub fn perft_divide(p: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    p.legal_moves().into_iter().map(|m| (m, perft(&p.after(m), depth - 1))).collect()
}

/// Subtrees at most this deep are counted by [`perft`] in one go by [`perft_until`].
const PERFT_CHUNK: u32 = 3;

/// [`perft`] that can be stopped: gives up with `None` soon after `stop` is set, and adds the
/// count of every finished subtree to `progress` as it goes.
pub fn perft_until(p: &Position, depth: u32, stop: &AtomicBool, progress: &AtomicU64) -> Option<u64> {
    if depth <= PERFT_CHUNK {
        let n = perft(p, depth);
        progress.fetch_add(n, Ordering::Relaxed);
        return Some(n);
    }
    let mut total = 0;
    for m in p.legal_moves() {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        total += perft_until(&p.after(m), depth - 1, stop, progress)?;
    }
    Some(total)
}
