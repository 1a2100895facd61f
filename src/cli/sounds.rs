//! `konane sounds`: every sound effect and piece of music written as a WAV file, with a table
//! of their lengths and levels.

use super::*;

/// The options of `konane sounds`.
#[derive(clap::Args, Debug)]
pub struct SoundsArgs {
    /// The directory (created if missing; existing files of those names are replaced).
    #[arg(long)]
    pub out: std::path::PathBuf,
}

/// `sounds`: writes every sound effect and every piece of music as a WAV file into `out`
/// (every path checked before any sound is rendered) and prints a table of them.
pub(super) fn sounds(out: &std::path::Path) -> Result<(), Failure> {
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", crate::files::show_path(out)))?;
    let effects = crate::synth::Effect::all();
    let pieces = crate::music::Piece::all();
    let names: Vec<String> =
        effects.iter().map(|e| e.name()).chain(pieces.iter().map(|p| p.name().to_string())).collect();
    for name in &names {
        check_writable(&out.join(format!("{name}.wav")))?;
    }
    outln!("{:<12} {:>7} {:>9} {:>9}  made of", "sound", "seconds", "peak dB", "RMS dB");
    let rendered = effects
        .into_iter()
        .map(|e| (e.name(), e.description(), Box::new(move || crate::synth::render(e)) as Box<dyn Fn() -> Vec<f32>>))
        .chain(pieces.into_iter().map(|p| {
            (
                p.name().to_string(),
                p.description(),
                Box::new(move || crate::music::render(p)) as Box<dyn Fn() -> Vec<f32>>,
            )
        }));
    for (name, about, render) in rendered {
        let samples = render();
        let path = out.join(format!("{name}.wav"));
        // A name of ours in the user's folder: a symlink planted there is replaced, not followed.
        crate::files::write_atomically_no_follow(&path, &crate::synth::wav(&samples))
            .map_err(|e| format!("cannot write {}: {e}", crate::files::show_path(&path)))?;
        let st = crate::synth::stats(&samples);
        outln!(
            "{:<12} {:>7.2} {:>9.1} {:>9.1}  {}",
            name,
            st.seconds,
            crate::synth::dbfs(st.peak),
            crate::synth::dbfs(st.rms),
            about
        );
    }
    Ok(())
}
