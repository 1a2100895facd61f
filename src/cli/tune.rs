//! `tune`: fit the linear evaluation's weights to the results of recorded games (see
//! `ai::tune`), and compare how well it and the built-in evaluations predict them on games
//! held out of the fit.

use super::{Failure, MAX_RECORD_BYTES, whole};
use crate::ai::eval::{FEATURE_NAMES, FEATURES, Weights};
use crate::ai::tune::{self, DIM, Fit, Sample};
use crate::files::{read_regular_file, show_path};
use crate::outln;
use crate::rules::Record;
use std::path::{Path, PathBuf};

/// The options of `konane tune`.
#[derive(clap::Args, Debug)]
pub struct TuneArgs {
    /// Directories of game records, as `match --records` writes them.
    #[arg(long, required = true, num_args = 1..)]
    pub records: Vec<std::path::PathBuf>,
    /// Jumps at the start of each game left out (the random openings).
    #[arg(long, default_value_t = 4, value_parser = whole::<usize>(0, 1000), allow_hyphen_values = true)]
    pub skip: usize,
    /// Hold one game in N out of the fit, to test on (2 to 1000).
    #[arg(long = "hold-out", default_value_t = 5, value_parser = whole::<usize>(2, 1000), allow_hyphen_values = true)]
    pub hold_out: usize,
}

/// What `tune` was asked.
pub struct TuneRequest {
    /// Directories of `.txt` records (as `match --records` writes them).
    pub dirs: Vec<PathBuf>,
    /// Jumps at the start of each game left out (the random openings).
    pub skip: usize,
    /// One game in this many is held out of the fit, to test it on.
    pub hold_out: usize,
}

/// Samples of every record in the directories: (fit samples, held-out samples, games used).
fn read_samples(req: &TuneRequest) -> Result<(Vec<Sample>, Vec<Sample>, usize), Failure> {
    let mut files: Vec<PathBuf> = Vec::new();
    for dir in &req.dirs {
        let entries =
            std::fs::read_dir(dir).map_err(|e| Failure::Bad(format!("cannot read {}: {e}", show_path(dir))))?;
        for entry in entries {
            let path = entry.map_err(|e| Failure::Bad(format!("cannot read {}: {e}", show_path(dir))))?.path();
            if path.extension().is_some_and(|x| x == "txt") {
                files.push(path);
            }
        }
    }
    files.sort();
    let (mut fit, mut test, mut games) = (Vec::new(), Vec::new(), 0);
    for path in &files {
        let rec = read_record(path)?;
        let out = if games % req.hold_out.max(1) == req.hold_out.max(1) - 1 { &mut test } else { &mut fit };
        if tune::game_samples(rec.start, &rec.moves, req.skip, out).is_some() {
            games += 1;
        }
    }
    if fit.is_empty() || test.is_empty() {
        return Err(Failure::Bad(format!(
            "{} finished games in {} record files: too few to fit and test on",
            games,
            files.len()
        )));
    }
    Ok((fit, test, games))
}

fn read_record(path: &Path) -> Result<Record, Failure> {
    let text = read_regular_file(path, MAX_RECORD_BYTES)?;
    let rec = Record::parse(&text).map_err(|e| format!("{}: {e}", show_path(path)))?;
    rec.replay().map_err(|e| format!("{}: illegal move at {e}", show_path(path)))?;
    Ok(rec)
}

/// A built-in evaluation as one direction in feature space, fitted only for its scale.
fn fit_direction(samples: &[Sample], dir: [i32; FEATURES]) -> Option<(Fit, [f64; DIM])> {
    let project = |s: &Sample| {
        let mut x = [0; FEATURES];
        x[0] = s.x.iter().zip(dir.iter()).map(|(a, b)| a * b).sum();
        Sample { x, won: s.won }
    };
    let projected: Vec<Sample> = samples.iter().map(project).collect();
    let mut mask = [false; FEATURES];
    mask[0] = true;
    let f = tune::fit(&projected, 1e-9, mask)?;
    // The same model written over the real features.
    let mut w = [0.0; DIM];
    for (wi, d) in w.iter_mut().zip(dir.iter()) {
        *wi = f.weights[0] * *d as f64;
    }
    w[FEATURES] = f.weights[FEATURES];
    Some((f, w))
}

/// `tune`: prints the fitted weights, and the fit and held-out loss of each evaluation.
pub fn tune_command(req: TuneRequest) -> Result<(), Failure> {
    let (fit_set, test_set, games) = read_samples(&req)?;
    outln!(
        "{games} finished games: {} positions to fit, {} held out (one game in {})",
        fit_set.len(),
        test_set.len(),
        req.hold_out
    );
    let fitted = tune::fit(&fit_set, 1e-7, [true; FEATURES])
        .ok_or_else(|| Failure::Bad("the fit failed: the features do not vary in these games".into()))?;
    let weights = tune::integer_weights(&fitted, 16);
    outln!("{:<30} {:>10} {:>6}", "feature", "fitted", "scaled");
    for (i, name) in FEATURE_NAMES.iter().enumerate() {
        outln!("{:<30} {:>10.4} {:>6}", name, fitted.weights[i], weights.0[i]);
    }
    outln!("{:<30} {:>10.4}", "constant (side to move)", fitted.weights[FEATURES]);
    outln!();
    outln!("{:<24} {:>10} {:>10} {:>10}", "evaluation", "fit loss", "test loss", "test right");
    let rows: [(&str, [i32; FEATURES]); 3] = [
        ("mobility", [16, -16, 0, 0, 0, 0, 0, 0]),
        ("full (Expert's)", [12, -16, 6, -6, 0, 0, 0, 0]),
        ("linear (scaled)", weights.0),
    ];
    let mut table = vec![("linear (fitted)", fitted.clone(), fitted.weights)];
    for (name, dir) in rows {
        if let Some((f, w)) = fit_direction(&fit_set, dir) {
            table.push((name, f, w));
        }
    }
    for (name, f, w) in table {
        outln!(
            "{:<24} {:>10.5} {:>10.5} {:>9.1} %",
            name,
            f.loss,
            tune::log_loss(&test_set, &w),
            100.0 * tune::accuracy(&test_set, &w)
        );
    }
    outln!();
    outln!("as a player: expert-lin:{}", weights_text(&weights));
    Ok(())
}

/// `a:b:c:...`, as `PlayerSpec` reads it after `-lin:`.
pub fn weights_text(w: &Weights) -> String {
    w.0.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(":")
}

/// Parses the weights of `-lin:a:b:...`.
pub fn parse_weights(text: &str) -> Result<Weights, String> {
    let parts: Vec<&str> = text.split(':').collect();
    if parts.len() != FEATURES {
        return Err(format!("{FEATURES} weights separated by ':' are needed after -lin:, found {}", parts.len()));
    }
    let mut w = [0; FEATURES];
    for (slot, part) in w.iter_mut().zip(parts) {
        *slot = match part.trim().parse::<i32>() {
            Ok(x) if x.abs() <= 10_000 => x,
            _ => return Err(format!("weight {} is not a whole number from -10000 to 10000", part.trim())),
        };
    }
    Ok(Weights(w))
}
