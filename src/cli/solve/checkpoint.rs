//! The checkpoint of `konane solve`: its text (with a checksum), reading it back, writing it
//! after every leaf, and re-proving a few of its leaves before it is trusted.

use super::*;

/// Largest checkpoint file read.
pub(super) const MAX_CHECKPOINT_BYTES: u64 = 64 << 20;

/// The first line of a checkpoint this build writes: version 2 ends with a checksum line.
pub(super) const HEADER: &str = "konane solve checkpoint 2";
/// The first line of the checkpoints written before the checksum (still read).
pub(super) const HEADER_1: &str = "konane solve checkpoint 1";

/// FNV-1a (64 bits) of a checkpoint's text: its last line, so a changed or flipped result is
/// found before it is trusted.
pub(super) fn checksum(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// A checkpoint: the proof's leaves proven so far, with the nodes and seconds they took over
/// earlier runs.
#[derive(Debug, Default, PartialEq)]
pub(super) struct Checkpoint {
    pub(super) known: HashMap<u64, bool>,
    /// In the order they were proven (kept so the file reads as a log).
    pub(super) order: Vec<LeafResult>,
    pub(super) nodes: u64,
    pub(super) seconds: f64,
}

pub(super) fn checkpoint_text(position: &str, leaves: usize, c: &Checkpoint) -> String {
    let mut s =
        format!("{HEADER}\nposition {position}\nleaves {leaves}\nnodes {}\nseconds {:.1}\n", c.nodes, c.seconds);
    for l in &c.order {
        s.push_str(&format!("leaf {:016x} {} {}\n", l.key, if l.win { "win" } else { "loss" }, l.nodes));
    }
    let sum = checksum(&s);
    s.push_str(&format!("checksum {sum:016x}\n"));
    s
}

/// The text of a checkpoint without its checksum line, checked: version 2 must end with a
/// checksum of everything before it; version 1 has none.
pub(super) fn checked_body<'t>(text: &'t str, name: &str) -> Result<&'t str, String> {
    if text.lines().next() == Some(HEADER_1) {
        return Ok(text);
    }
    let trimmed = text.strip_suffix('\n').unwrap_or(text);
    let (body, last) = match trimmed.rfind('\n') {
        Some(i) => (&text[..i + 1], &trimmed[i + 1..]),
        None => ("", trimmed),
    };
    let said = last.strip_prefix("checksum ").and_then(|h| u64::from_str_radix(h.trim_end(), 16).ok());
    match said {
        Some(sum) if sum == checksum(body) => Ok(body),
        Some(_) => Err(format!("{name}: its checksum does not match its contents: the file was changed or damaged")),
        None => Err(format!("{name}: it does not end with its checksum line: the file was cut short or changed")),
    }
}

/// Reads a checkpoint written for this position and plan size, naming the line of any fault.
pub(super) fn parse_checkpoint(text: &str, name: &str, position: &str, leaves: usize) -> Result<Checkpoint, String> {
    let first = text.lines().next();
    let header = if first == Some(HEADER_1) { HEADER_1 } else { HEADER };
    let text = if first == Some(HEADER_1) || first == Some(HEADER) { checked_body(text, name)? } else { text };
    let mut c = Checkpoint::default();
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end()));
    let mut expect = |what: &str| -> Result<(usize, String), String> {
        match lines.next() {
            Some((n, l)) => match l.strip_prefix(what) {
                Some(rest) => Ok((n, rest.trim().to_string())),
                None => Err(format!("{name} line {n}: expected `{what}…`, found {}", quoted(l))),
            },
            None => Err(format!("{name}: ends before its `{what}` line")),
        }
    };
    let (n, rest) = expect(header)?;
    if !rest.is_empty() {
        return Err(format!("{name} line {n}: not a konane solve checkpoint"));
    }
    let (n, pos) = expect("position ")?;
    if pos != position {
        return Err(format!(
            "{name} line {n}: the checkpoint is for position {}, not {position}: give another --checkpoint file",
            quoted(&pos)
        ));
    }
    let (n, l) = expect("leaves ")?;
    if l.parse::<usize>().ok() != Some(leaves) {
        let made = l.parse::<usize>().map_or_else(|_| quoted(&l), |v| v.to_string());
        return Err(format!("{name} line {n}: the checkpoint was made with --leaves {made}, not {leaves}"));
    }
    let (n, v) = expect("nodes ")?;
    c.nodes = v.parse().map_err(|_| format!("{name} line {n}: nodes must be a whole number, found {}", quoted(&v)))?;
    let (n, v) = expect("seconds ")?;
    c.seconds = v
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s >= 0.0)
        .ok_or_else(|| format!("{name} line {n}: seconds must be a number, found {}", quoted(&v)))?;
    for (n, line) in lines {
        if line.is_empty() {
            continue;
        }
        let leaf = parse_leaf(line).ok_or_else(|| {
            format!("{name} line {n}: expected `leaf <16 hex digits> win|loss <nodes>`, found {}", quoted(line))
        })?;
        if c.known.insert(leaf.key, leaf.win).is_some_and(|w| w != leaf.win) {
            return Err(format!("{name} line {n}: leaf {:016x} appears before with the other result", leaf.key));
        }
        c.order.push(leaf);
    }
    Ok(c)
}

/// One `leaf <16 hex digits> win|loss <nodes>` line of a checkpoint.
pub(super) fn parse_leaf(line: &str) -> Option<LeafResult> {
    let parts: Vec<&str> = line.split_whitespace().collect();
    let [kw, key, result, nodes] = parts[..] else { return None };
    if kw != "leaf" || key.len() != 16 {
        return None;
    }
    let win = match result {
        "win" => true,
        "loss" => false,
        _ => return None,
    };
    Some(LeafResult { key: u64::from_str_radix(key, 16).ok()?, win, nodes: nodes.parse().ok()? })
}

/// Writes the checkpoint (if one was asked for) after every leaf proven.
pub(super) struct CheckpointWriter<'a> {
    pub(super) path: Option<&'a Path>,
    /// The position's text.
    pub(super) position: &'a str,
    pub(super) leaves: usize,
    /// The first failure has been said.
    pub(super) warned: bool,
    /// The error of the last write, if it failed (a later write that succeeds saves every
    /// leaf, and clears it).
    pub(super) error: Option<String>,
}

impl CheckpointWriter<'_> {
    /// Writes the leaves proven so far (`order`), with the nodes and seconds over all runs;
    /// the first failure is said at once, and the proof goes on.
    pub(super) fn save(&mut self, order: &[LeafResult], nodes: u64, seconds: f64) {
        let Some(path) = self.path else { return };
        let c = Checkpoint { known: HashMap::new(), order: order.to_vec(), nodes, seconds };
        match write_atomically(path, checkpoint_text(self.position, self.leaves, &c).as_bytes()) {
            Ok(()) => self.error = None,
            Err(e) => {
                let message = format!("cannot write the checkpoint {}: {e}", show_path(path));
                if !self.warned {
                    self.warned = true;
                    let _ = crate::console::err(format_args!(
                        "konane: {message} (the proof goes on, and tries again after the next leaf)\n"
                    ));
                }
                self.error = Some(message);
            }
        }
    }
}

pub(super) fn load(path: &Path, position: &str, leaves: usize) -> Result<Checkpoint, Failure> {
    let text = crate::files::read_regular_file(path, MAX_CHECKPOINT_BYTES)?;
    Ok(parse_checkpoint(&text, &show_path(path), position, leaves)?)
}

/// Leaves of a checkpoint re-proved before it is trusted, and the nodes each may take.
pub(super) const RECHECKED_LEAVES: usize = 3;
pub(super) const RECHECK_NODES: u64 = 50_000_000;

/// Re-proves a few of the checkpoint's leaves, picked at random among those whose proof was
/// cheap, and refuses the checkpoint if any comes out the other way (a file edited, or made
/// by a build with a fault). A leaf whose proof does not finish within the budget is passed.
pub(super) fn recheck(c: &Checkpoint, p: &Position, opts: &ProveOptions, path: &Path) -> Result<(), Failure> {
    use rand::seq::SliceRandom;
    let mut cheap: Vec<&LeafResult> = c.order.iter().filter(|l| l.nodes <= RECHECK_NODES / 5).collect();
    cheap.shuffle(&mut rand::make_rng::<rand::rngs::SmallRng>());
    let keys: Vec<u64> = cheap.iter().take(RECHECKED_LEAVES).map(|l| l.key).collect();
    let stop = interrupt_flag();
    let found = prove::reprove_leaves(p, opts, &c.known, &keys, RECHECK_NODES, &stop).map_err(|e| e.to_string())?;
    for (key, result) in found {
        if let (Some(win), Some(&said)) = (result, c.known.get(&key))
            && win != said
        {
            let word = |w: bool| if w { "win" } else { "loss" };
            return Err(Failure::Bad(format!(
                "{}: leaf {key:016x} is recorded as a {} but proves a {}: the checkpoint cannot be trusted (delete it to start over)",
                show_path(path),
                word(said),
                word(win)
            )));
        }
    }
    Ok(())
}
