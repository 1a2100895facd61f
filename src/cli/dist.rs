//! What a package ships beside the binary, made by the binary itself: the icon (from the
//! game's own art), the manual pages and the shell completions (from the clap definitions,
//! so they cannot drift from the real options).

use super::{Cli, Failure};
use crate::files::{check_writable, show_path, write_atomically_no_follow};
use crate::outln;
use clap::CommandFactory;
use std::path::Path;

/// The options of `konane icon`.
#[derive(clap::Args, Debug)]
pub struct IconArgs {
    /// The directory (created if missing).
    #[arg(long)]
    pub out: std::path::PathBuf,
}

/// The options of `konane manual`.
#[derive(clap::Args, Debug)]
pub struct ManualArgs {
    /// The directory (created if missing).
    #[arg(long)]
    pub out: std::path::PathBuf,
}

/// The options of `konane completions`.
#[derive(clap::Args, Debug)]
pub struct CompletionsArgs {
    /// The directory (created if missing).
    #[arg(long)]
    pub out: std::path::PathBuf,
}

fn create_dir(dir: &Path) -> Result<(), Failure> {
    std::fs::create_dir_all(dir).map_err(|e| Failure::Bad(format!("cannot create {}: {e}", show_path(dir))))
}

/// Writes a file of a name this command chose inside the folder the user gave: a symlink
/// planted at that name is replaced, never written through.
fn write(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    write_atomically_no_follow(path, bytes).map_err(|e| Failure::Bad(format!("cannot write {}: {e}", show_path(path))))
}

/// Makes the icon theme's `NxN/apps` folders inside `out`, refusing a symlink at either
/// (a folder this command names must not lead out of the one the user gave).
fn create_theme_dir(out: &Path, size_dir: &Path) -> Result<(), Failure> {
    create_dir(out)?;
    for dir in [size_dir, &size_dir.join("apps")] {
        if std::fs::symlink_metadata(dir).is_ok_and(|m| m.file_type().is_symlink()) {
            return Err(Failure::Bad(format!("{} is a symlink: remove it or write elsewhere", show_path(dir))));
        }
        create_dir(dir)?;
    }
    Ok(())
}

/// PNG bytes of an RGBA image.
pub fn png(size: u32, rgba: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, size, size);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::High);
    let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
    writer.write_image_data(rgba).map_err(|e| e.to_string())?;
    writer.finish().map_err(|e| e.to_string())?;
    Ok(out)
}

/// `icon --out DIR`: DIR/NxN/apps/konane.png at every size of the icon theme.
pub fn icon(out: &Path) -> Result<(), Failure> {
    let paths: Vec<_> =
        crate::art::ICON_SIZES.iter().map(|n| (*n, out.join(format!("{n}x{n}")).join("apps/konane.png"))).collect();
    for (n, path) in &paths {
        create_theme_dir(out, &out.join(format!("{n}x{n}")))?;
        check_writable(path)?;
    }
    for (size, path) in paths {
        let bytes = png(size, &crate::art::icon_pixels(size)).map_err(Failure::Bad)?;
        write(&path, &bytes)?;
        outln!("{:>4} px  {:>7} bytes  {}", size, bytes.len(), show_path(&path));
    }
    Ok(())
}

/// `manual --out DIR`: konane.6 and konane-SUBCOMMAND.6 for every subcommand (games are
/// section 6 of the manual).
pub fn manual(out: &Path) -> Result<(), Failure> {
    create_dir(out)?;
    let root = Cli::command();
    let mut pages = vec![("konane.6".to_string(), root.clone())];
    for sub in root.get_subcommands().filter(|s| s.get_name() != "help") {
        // clap names commands with static strings; a page's name lives as long as the process.
        let name: &'static str = Box::leak(format!("konane-{}", sub.get_name()).into_boxed_str());
        pages.push((format!("{name}.6"), sub.clone().name(name).version(env!("CARGO_PKG_VERSION"))));
    }
    for (file, _) in &pages {
        check_writable(&out.join(file))?;
    }
    for (file, cmd) in pages {
        let mut bytes = Vec::new();
        clap_mangen::Man::new(cmd)
            .section("6")
            .manual("Games")
            .render(&mut bytes)
            .map_err(|e| Failure::Bad(format!("cannot render {file}: {e}")))?;
        write(&out.join(&file), &bytes)?;
        outln!("{}", show_path(&out.join(&file)));
    }
    Ok(())
}

/// `completions --out DIR`: konane.bash, _konane (zsh) and konane.fish.
pub fn completions(out: &Path) -> Result<(), Failure> {
    use clap_complete::Shell;
    create_dir(out)?;
    let shells = [(Shell::Bash, "konane.bash"), (Shell::Zsh, "_konane"), (Shell::Fish, "konane.fish")];
    for (_, file) in shells {
        check_writable(&out.join(file))?;
    }
    for (shell, file) in shells {
        let mut bytes = Vec::new();
        clap_complete::generate(shell, &mut Cli::command(), "konane", &mut bytes);
        write(&out.join(file), &bytes)?;
        outln!("{}", show_path(&out.join(file)));
    }
    Ok(())
}
