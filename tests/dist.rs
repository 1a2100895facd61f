//! What a package ships beside the binary: the icon, manual pages and shell completions the
//! binary makes, the desktop entry and AppStream file (checked by Debian's own validators),
//! and the list of crates the About page shows, which must match what is really built.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

fn konane() -> Command {
    Command::new(env!("CARGO_BIN_EXE_konane"))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("konane-dist-{name}-{}", std::process::id()));
    common::remove_at_exit();
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(cmd: &mut Command) -> String {
    let out = cmd.output().expect("runs");
    assert!(
        out.status.success(),
        "{:?} failed: {}\n{}",
        cmd,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The width, height and colour type of a PNG file.
fn png_info(path: &Path) -> (u32, u32, png::ColorType) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let reader = decoder.read_info().unwrap();
    let info = reader.info();
    (info.width, info.height, info.color_type)
}

#[test]
fn the_icon_is_drawn_at_every_size_of_the_icon_theme() {
    let dir = scratch("icon");
    let out = run(konane().args(["icon", "--out"]).arg(&dir));
    for size in [16, 22, 24, 32, 48, 64, 128, 256, 512] {
        let path = dir.join(format!("{size}x{size}/apps/konane.png"));
        assert_eq!(png_info(&path), (size, size, png::ColorType::Rgba), "{}", path.display());
        assert!(out.contains(&format!("{size}x{size}/apps/konane.png")), "{out}");
    }
    // A file in the way of a directory is an error naming it, not a panic.
    let blocked = scratch("icon-blocked");
    std::fs::write(blocked.join("16x16"), "not a directory").unwrap();
    let out = konane().args(["icon", "--out"]).arg(&blocked).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("16x16"), "{}", String::from_utf8_lossy(&out.stderr));
    let _ = std::fs::remove_dir_all(dir);
    let _ = std::fs::remove_dir_all(blocked);
}

#[test]
fn the_manual_pages_and_completions_describe_the_real_command_line() {
    let dir = scratch("manual");
    run(konane().args(["manual", "--out"]).arg(&dir));
    let main = std::fs::read_to_string(dir.join("konane.6")).unwrap();
    assert!(main.starts_with(".ie") || main.contains(".TH konane 6"), "{}", &main[..200.min(main.len())]);
    for sub in ["perft", "moves", "solve", "match", "serve", "icon", "manual", "completions"] {
        assert!(main.contains(sub), "konane.6 does not mention {sub}");
        let page = std::fs::read_to_string(dir.join(format!("konane-{sub}.6"))).unwrap();
        assert!(page.contains(&format!("konane\\-{sub}")), "konane-{sub}.6");
    }
    // A flag of the game window and one of a subcommand are in their pages.
    assert!(main.contains("\\-\\-theme"));
    assert!(std::fs::read_to_string(dir.join("konane-solve.6")).unwrap().contains("\\-\\-table\\-mb"));
    // `man` reads it (when man-db is there).
    if Command::new("sh").args(["-c", "command -v man"]).output().is_ok_and(|o| o.status.success()) {
        let text = run(Command::new("man").arg("-l").arg(dir.join("konane-moves.6")).env("MANWIDTH", "80"));
        assert!(text.contains("--size"), "{text}");
    }

    let comp = scratch("completions");
    run(konane().args(["completions", "--out"]).arg(&comp));
    let bash = std::fs::read_to_string(comp.join("konane.bash")).unwrap();
    assert!(bash.contains("complete -F") && bash.contains("serve-bench"), "bash completion");
    assert!(std::fs::read_to_string(comp.join("_konane")).unwrap().starts_with("#compdef konane"));
    assert!(std::fs::read_to_string(comp.join("konane.fish")).unwrap().contains("complete -c konane"));
    // The bash completion is valid bash.
    run(Command::new("bash").arg("-n").arg(comp.join("konane.bash")));
    let _ = std::fs::remove_dir_all(dir);
    let _ = std::fs::remove_dir_all(comp);
}

#[test]
fn the_about_page_lists_exactly_the_crates_that_are_built() {
    let fresh = std::env::temp_dir().join(format!("konane-third-party-{}.txt", std::process::id()));
    run(Command::new("bash").arg(repo().join("tools/third-party.sh")).arg(&fresh));
    let now = std::fs::read_to_string(&fresh).unwrap();
    let _ = std::fs::remove_file(&fresh);
    let committed = std::fs::read_to_string(repo().join("assets/dist/third-party.txt")).unwrap();
    assert!(
        now == committed,
        "assets/dist/third-party.txt is out of date with Cargo.lock: run tools/third-party.sh\n{}",
        diff(&committed, &now)
    );
}

fn diff(old: &str, new: &str) -> String {
    let (o, n): (std::collections::BTreeSet<_>, std::collections::BTreeSet<_>) =
        (old.lines().collect(), new.lines().collect());
    let mut out = String::new();
    for l in o.difference(&n) {
        out += &format!("- {l}\n");
    }
    for l in n.difference(&o) {
        out += &format!("+ {l}\n");
    }
    out
}

/// Runs a validator if it is installed (`make test` installs both); says so when it is not.
fn validate(tool: &str, args: &[&str], file: &Path) {
    let found = Command::new("sh").args(["-c", &format!("command -v {tool}")]).output().unwrap();
    assert!(found.status.success(), "{tool} is missing: run `make test`, which installs it");
    run(Command::new(tool).args(args).arg(file));
}

#[test]
fn the_desktop_entry_and_the_appstream_file_pass_debian_s_validators() {
    let dist = repo().join("assets/dist");
    validate("desktop-file-validate", &[], &dist.join("io.github.konane.Konane.desktop"));
    validate("appstreamcli", &["validate", "--no-net"], &dist.join("io.github.konane.Konane.metainfo.xml"));
    // The entry starts the binary, shows the icon the package installs, says what it is in
    // the three languages, and is found under games.
    let entry = std::fs::read_to_string(dist.join("io.github.konane.Konane.desktop")).unwrap();
    for line in ["Exec=konane", "Icon=konane", "Categories=Game;BoardGame;", "StartupWMClass=konane"] {
        assert!(entry.lines().any(|l| l == line), "{line}");
    }
    for lang in ["", "[haw]", "[nl]"] {
        assert!(entry.lines().any(|l| l.starts_with(&format!("Comment{lang}="))), "Comment{lang}");
    }
    // The release in the metainfo is this version.
    let meta = std::fs::read_to_string(dist.join("io.github.konane.Konane.metainfo.xml")).unwrap();
    assert!(meta.contains(&format!("<release version=\"{}\"", env!("CARGO_PKG_VERSION"))));
}

#[test]
fn moves_lists_the_opening_removals_of_a_full_board() {
    let out = run(konane().args(["moves", "--size", "8x8"]));
    assert_eq!(out.lines().collect::<Vec<_>>(), ["a8", "d5", "e4", "h1"]);
    // Neither a position nor a size: a usage error.
    let none = konane().arg("moves").output().unwrap();
    assert_eq!(none.status.code(), Some(2));
}

/// Every file under `dir`, relative to it, sorted.
fn files_under(dir: &Path) -> Vec<String> {
    fn walk(base: &Path, dir: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(base, &path, out);
            } else {
                out.push(path.strip_prefix(base).unwrap().display().to_string());
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

#[test]
fn the_tarball_s_install_script_puts_the_game_in_local_and_its_uninstall_leaves_nothing_of_it() {
    let work = scratch("install");
    let tree = work.join("konane-tree");
    run(Command::new("bash").arg(repo().join("tools/dist/stage.sh")).arg(env!("CARGO_BIN_EXE_konane")).arg(&tree));
    let prefix = work.join("local");
    // The player's own games live beside the installed files and must survive both scripts.
    let games = prefix.join("share/konane/autosave.txt");
    std::fs::create_dir_all(games.parent().unwrap()).unwrap();
    std::fs::write(&games, "the player's game").unwrap();
    let before = files_under(&prefix);

    let said = run(Command::new("sh").arg(tree.join("install.sh")).env("PREFIX", &prefix));
    assert!(said.contains("is installed"), "{said}");
    let installed = files_under(&prefix);
    for file in [
        "bin/konane",
        "bin/konane-server",
        "share/applications/io.github.konane.Konane.desktop",
        "share/metainfo/io.github.konane.Konane.metainfo.xml",
        "share/icons/hicolor/16x16/apps/konane.png",
        "share/icons/hicolor/512x512/apps/konane.png",
        "share/man/man6/konane.6.gz",
        "share/man/man6/konane-serve.6.gz",
        "share/bash-completion/completions/konane",
        "share/zsh/site-functions/_konane",
        "share/fish/vendor_completions.d/konane.fish",
        "share/doc/konane/LICENSE-APACHE",
        "share/doc/konane/third-party.txt",
    ] {
        assert!(installed.iter().any(|f| f == file), "{file} not installed: {installed:?}");
    }
    let version = run(Command::new(prefix.join("bin/konane")).arg("--version"));
    assert_eq!(version.trim(), format!("konane {}", env!("CARGO_PKG_VERSION")));
    // The menu entry starts the installed binary by its full path.
    let entry = std::fs::read_to_string(prefix.join("share/applications/io.github.konane.Konane.desktop")).unwrap();
    assert!(entry.contains(&format!("Exec={}", prefix.join("bin/konane").display())), "{entry}");
    // Installing again over it is fine.
    run(Command::new("sh").arg(tree.join("install.sh")).env("PREFIX", &prefix));
    assert_eq!(files_under(&prefix), installed);

    let said = run(Command::new("sh").arg(tree.join("uninstall.sh")).env("PREFIX", &prefix));
    assert!(said.contains("is removed"), "{said}");
    assert_eq!(files_under(&prefix), before, "uninstall left files behind or took the player's");
    assert_eq!(std::fs::read_to_string(&games).unwrap(), "the player's game");
    // Nothing of it left, not even empty directories.
    let dirs: Vec<_> = std::fs::read_dir(&prefix).unwrap().flatten().map(|e| e.file_name()).collect();
    assert_eq!(dirs, vec![std::ffi::OsString::from("share")]);
    let _ = std::fs::remove_dir_all(work);
}
