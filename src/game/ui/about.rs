//! The About page: the version and build date, the game's licence, the credits, and every
//! crate the game is built on with its licence (the list `tools/third-party.sh` writes; the
//! licence texts themselves ship in the package).

use super::palette;
use crate::game::platform::i18n::{Msg, Tr};
use bevy_egui::egui;

/// Every crate compiled into the game: "name version licence" per line.
pub const THIRD_PARTY: &str = include_str!("../../../assets/dist/third-party.txt");

/// The day this binary was built (see `build.rs`).
pub const BUILD_DATE: &str = env!("KONANE_BUILD_DATE");

/// One crate of [`THIRD_PARTY`]: name, version, licence.
pub fn third_party() -> impl Iterator<Item = (&'static str, &'static str, &'static str)> {
    THIRD_PARTY.lines().filter_map(|line| {
        let mut parts = line.splitn(3, ' ');
        Some((parts.next()?, parts.next()?, parts.next()?))
    })
}

fn heading(ui: &mut egui::Ui, text: String) {
    ui.add_space(6.0);
    ui.label(
        egui::RichText::new(text).font(super::theme::display(super::theme::type_scale::SECTION)).color(palette::TEXT),
    );
}

fn paragraph(ui: &mut egui::Ui, text: String) {
    ui.add(egui::Label::new(egui::RichText::new(text).size(17.0)).wrap());
}

/// The page, above its Back button.
pub(super) fn about_page(ui: &mut egui::Ui, tr: &Tr) {
    paragraph(
        ui,
        tr.msg(&Msg::new("about-version").text("version", env!("CARGO_PKG_VERSION")).text("date", BUILD_DATE)),
    );
    heading(ui, tr.t("about-licence-head"));
    paragraph(ui, tr.t("about-licence"));
    heading(ui, tr.t("about-credits-head"));
    paragraph(ui, tr.t("about-credits"));
    heading(ui, tr.t("about-third-party-head"));
    paragraph(ui, tr.msg(&Msg::new("about-third-party").num("count", third_party().count() as i64)));
    ui.add_space(4.0);
    egui::Grid::new("third-party").num_columns(2).spacing([16.0, 2.0]).striped(true).show(ui, |ui| {
        for (name, version, licence) in third_party() {
            ui.label(egui::RichText::new(format!("{name} {version}")).size(14.0).color(palette::TEXT));
            ui.label(egui::RichText::new(licence).size(14.0).color(palette::TEXT_DIM));
            ui.end_row();
        }
    });
    ui.add_space(8.0);
}

/// The sections of the accessibility page, by message key: a heading and its text each.
pub const ACCESS_SECTIONS: [&str; 5] = ["reader", "input", "seeing", "hearing", "motion"];

/// The accessibility page: what the game does for players who use a screen reader, only keys
/// or a pad, larger text or more contrast, no sound, or less motion.
pub(super) fn access_page(ui: &mut egui::Ui, tr: &Tr) {
    paragraph(ui, tr.t("access-guide-intro"));
    for section in ACCESS_SECTIONS {
        heading(ui, tr.t(&format!("access-guide-{section}-head")));
        paragraph(ui, tr.t(&format!("access-guide-{section}")));
    }
    ui.add_space(8.0);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_crate_of_the_list_has_a_name_a_version_and_a_licence() {
        let all: Vec<_> = third_party().collect();
        assert!(all.len() > 100, "{} crates", all.len());
        assert_eq!(all.len(), THIRD_PARTY.lines().count());
        assert!(all.iter().any(|(name, _, _)| *name == "bevy"));
        for (name, version, licence) in all {
            assert!(!name.is_empty() && version.chars().next().is_some_and(|c| c.is_ascii_digit()), "{name} {version}");
            assert!(!licence.is_empty() && licence != "unknown", "{name}: {licence}");
        }
        assert_eq!(BUILD_DATE.len(), 10);
    }
}
