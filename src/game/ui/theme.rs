//! One theme for every screen: the board's palette, rounded frames, large text, the fonts, and
//! the glyphs made ready before any label shows them.

use super::palette;
use crate::game::platform::settings::Settings;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// A button's padding on each side of its words.
pub const BUTTON_PADDING: f32 = 14.0;
/// The size of a button's words and of body text (see `apply_theme`).
pub const BUTTON_TEXT_SIZE: f32 = 19.0;

/// One theme for every screen: the board's palette, rounded frames, large text. The
/// interface size (with the window's size) and fullscreen follow the settings live.
pub(super) fn apply_theme(
    mut contexts: EguiContexts,
    mut done: Local<Option<crate::game::platform::settings::Theme>>,
    settings: Res<Settings>,
    mut windows: Query<&mut Window, With<bevy::window::PrimaryWindow>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let window_size = windows.single().map(|w| Vec2::new(w.width(), w.height())).unwrap_or(Vec2::new(1280.0, 800.0));
    let zoom = crate::game::board::view::ui_zoom(settings.ui_scale, window_size);
    if (ctx.zoom_factor() - zoom).abs() > 1e-3 {
        ctx.set_zoom_factor(zoom);
    }
    if settings.is_changed()
        && let Ok(mut window) = windows.single_mut()
    {
        let mode = window_mode(settings.fullscreen);
        if window.mode != mode {
            window.mode = mode;
        }
    }
    // The interface takes its panel and button colours from the board's theme.
    if *done == Some(settings.theme) {
        return Ok(());
    }
    ctx.set_visuals(visuals(settings.theme));
    ctx.all_styles_mut(text_and_spacing);
    *done = Some(settings.theme);
    Ok(())
}

/// Gives egui the interface's fonts before its first pass begins (fonts set during a pass
/// take effect only at the next, and the styles name the fonts' families from the first frame).
pub(super) fn install_fonts(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if !*done {
        contexts.ctx_mut()?.set_fonts(font_definitions());
        *done = true;
    }
    Ok(())
}

/// Fullscreen (borderless, on the current monitor) or a window.
fn window_mode(fullscreen: bool) -> bevy::window::WindowMode {
    if fullscreen {
        bevy::window::WindowMode::BorderlessFullscreen(bevy::window::MonitorSelection::Current)
    } else {
        bevy::window::WindowMode::Windowed
    }
}

/// The interface's colours and frames in a board theme: its panels and buttons, coral-white
/// text, rounded corners. Hovering only lightens a button a little: the amber frame alone
/// marks the focus.
fn visuals(theme: crate::game::platform::settings::Theme) -> egui::Visuals {
    let colours = palette::Colours::of(theme);
    let mut visuals = egui::Visuals::dark();
    visuals.panel_fill = colours.panel;
    visuals.window_fill = colours.panel;
    visuals.window_stroke = egui::Stroke::new(1.0, colours.button_hover);
    visuals.window_corner_radius = egui::CornerRadius::same(14);
    visuals.override_text_color = Some(palette::TEXT);
    for (w, fill) in [
        (&mut visuals.widgets.inactive, colours.button),
        (&mut visuals.widgets.hovered, colours.button_hover),
        (&mut visuals.widgets.active, colours.button_hover),
    ] {
        w.bg_fill = fill;
        w.weak_bg_fill = fill;
        w.corner_radius = egui::CornerRadius::same(10);
    }
    visuals.widgets.hovered.bg_stroke = egui::Stroke::NONE;
    visuals.widgets.hovered.bg_fill = colours.button_soft;
    visuals.widgets.hovered.weak_bg_fill = colours.button_soft;
    visuals.selection.bg_fill = egui::Color32::from_rgb(150, 100, 40);
    visuals
}

/// The type scale: the display face for titles, the medium weight for buttons, the regular
/// for body text (see docs/design.md).
fn text_and_spacing(style: &mut egui::Style) {
    use egui::{FontFamily::Proportional, FontId, TextStyle};
    style.text_styles = [
        (TextStyle::Heading, display(type_scale::HEADING)),
        (TextStyle::Body, FontId::new(BUTTON_TEXT_SIZE, Proportional)),
        (TextStyle::Button, medium(BUTTON_TEXT_SIZE)),
        (TextStyle::Small, FontId::new(type_scale::SMALL, Proportional)),
        (TextStyle::Monospace, FontId::new(17.0, egui::FontFamily::Monospace)),
    ]
    .into();
    style.spacing.item_spacing = egui::vec2(10.0, 10.0);
    style.spacing.button_padding = egui::vec2(BUTTON_PADDING, 7.0);
    style.spacing.scroll = scroll_style();
}

/// The sizes of the type scale (points), from the wordmark down to captions.
pub mod type_scale {
    /// The game's name on the title.
    pub const WORDMARK: f32 = 76.0;
    /// A result ("You win!") and the title's name in a low window.
    pub const RESULT: f32 = 44.0;
    /// A page's or a card's title.
    pub const HEADING: f32 = 28.0;
    /// A heading inside a page (a section of the rules, of About, of your record).
    pub const SECTION: f32 = 21.0;
    /// Hints, controls, captions.
    pub const SMALL: f32 = 15.0;
}

/// The display face (Noto Serif Display SemiBold) at `size`: titles and results.
pub fn display(size: f32) -> egui::FontId {
    egui::FontId::new(size, egui::FontFamily::Name(DISPLAY.into()))
}

/// The medium weight (Noto Sans Medium) at `size`: buttons, values, the side to move.
pub fn medium(size: f32) -> egui::FontId {
    egui::FontId::new(size, egui::FontFamily::Name(MEDIUM.into()))
}

/// The name of the display family.
const DISPLAY: &str = "display";
/// The name of the medium-weight family.
const MEDIUM: &str = "medium";

/// Scroll bars that take their own room beside what scrolls (egui's floating ones were drawn
/// over the menus' + buttons) and stay visible while there is more to see (a faint, hidden
/// one was missed: items below it went unseen). None is drawn when everything fits.
pub(super) fn scroll_style() -> egui::style::ScrollStyle {
    egui::style::ScrollStyle {
        bar_width: 8.0,
        bar_inner_margin: 6.0,
        dormant_background_opacity: 0.25,
        dormant_handle_opacity: 0.7,
        active_handle_opacity: 0.85,
        ..egui::style::ScrollStyle::solid()
    }
}

/// The interface's fonts: Noto Sans for text, its Medium weight for buttons, Noto Serif
/// Display for titles (all three with the ʻokina and the kahakō vowels of ʻŌlelo Hawaiʻi);
/// DejaVu Sans and egui's own fonts after them for the signs they lack (−, arrows, ✓).
pub fn font_definitions() -> egui::FontDefinitions {
    let mut fonts = egui::FontDefinitions::default();
    let faces: [(&str, &'static [u8]); 4] = [
        ("noto-sans", include_bytes!("../../../assets/fonts/NotoSans-Regular.ttf")),
        ("noto-sans-medium", include_bytes!("../../../assets/fonts/NotoSans-Medium.ttf")),
        ("noto-serif-display", include_bytes!("../../../assets/fonts/NotoSerifDisplay-SemiBold.ttf")),
        ("dejavu", include_bytes!("../../../assets/fonts/DejaVuSans-ExtraLight.ttf")),
    ];
    for (name, bytes) in faces {
        fonts.font_data.insert(name.into(), std::sync::Arc::new(egui::FontData::from_static(bytes)));
    }
    let fallbacks: Vec<String> = fonts.families.get(&egui::FontFamily::Proportional).cloned().unwrap_or_default();
    let chain = |first: &[&str]| -> Vec<String> {
        let mut list: Vec<String> = first.iter().map(|s| s.to_string()).collect();
        list.push("dejavu".into());
        list.extend(fallbacks.iter().cloned());
        list
    };
    fonts.families.insert(egui::FontFamily::Proportional, chain(&["noto-sans"]));
    fonts.families.insert(egui::FontFamily::Name(MEDIUM.into()), chain(&["noto-sans-medium"]));
    fonts.families.insert(egui::FontFamily::Name(DISPLAY.into()), chain(&["noto-serif-display", "noto-sans"]));
    let mono = fonts.families.entry(egui::FontFamily::Monospace).or_default();
    mono.insert(1.min(mono.len()), "dejavu".into());
    // One bitmap per glyph and size (not four, one per quarter-pixel offset), so that
    // `warm_glyphs` can make every glyph ready before any label shows it.
    for data in fonts.font_data.values_mut() {
        let mut font = (**data).clone();
        font.tweak.subpixel_binning = Some(false);
        *data = std::sync::Arc::new(font);
    }
    fonts
}

/// The text sizes (points) of the interface's words, whose glyphs are made ready at start.
const TEXT_SIZES: [f32; 15] =
    [12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 18.5, 19.0, 20.0, 21.0, 22.0, 26.0, 30.0, 48.0];

/// The sizes the medium weight is drawn at (buttons, values).
const BUTTON_SIZES: [f32; 7] = [14.0, 15.0, 16.0, 17.0, 18.0, 18.5, 19.0];
/// The sizes the display face is drawn at (titles, results, the wordmark).
const DISPLAY_SIZES: [f32; 7] = [21.0, 22.0, 28.0, 36.0, 44.0, 48.0, 76.0];

/// Every character the game's texts use in any language, and digits and signs.
fn all_glyphs() -> &'static str {
    static GLYPHS: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    GLYPHS.get_or_init(|| {
        let mut chars: Vec<char> = crate::game::platform::i18n::SOURCES
            .iter()
            .flat_map(|(_, text)| text.chars())
            .chain((' '..='~').chain("−±×·…–—’“”‘".chars()))
            .filter(|c| !c.is_control())
            .collect();
        chars.sort_unstable();
        chars.dedup();
        chars.into_iter().collect()
    })
}

/// Lays out every glyph of every language at every text size once for each pixel density the
/// interface is drawn at (the first frame, and after the interface size changes), so the font
/// atlas holds them before the first frame that shows a label: no text is drawn with letters
/// missing while the atlas catches up.
pub(super) fn warm_glyphs(mut contexts: EguiContexts, mut warmed: Local<Option<f32>>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let density = ctx.pixels_per_point();
    if *warmed == Some(density) {
        return Ok(());
    }
    *warmed = Some(density);
    ctx.fonts_mut(|fonts| {
        for size in TEXT_SIZES {
            let _ = fonts.layout_no_wrap(all_glyphs().to_string(), egui::FontId::proportional(size), palette::TEXT);
        }
        for size in BUTTON_SIZES {
            let _ = fonts.layout_no_wrap(all_glyphs().to_string(), medium(size), palette::TEXT);
        }
        for size in DISPLAY_SIZES {
            let _ = fonts.layout_no_wrap(all_glyphs().to_string(), display(size), palette::TEXT);
        }
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::platform::settings::Theme;

    #[test]
    fn scroll_bars_take_their_own_room_and_show_while_there_is_more() {
        let style = scroll_style();
        assert!(!style.floating, "a floating bar is drawn over the + buttons");
        assert!(style.dormant_handle_opacity > 0.5, "a bar that hides until hovered is missed");
        assert!(style.allocated_width() >= 12.0);
    }

    #[test]
    fn the_interface_takes_its_panels_and_buttons_from_the_board_theme() {
        for theme in Theme::ALL {
            let colours = palette::Colours::of(theme);
            let v = visuals(theme);
            assert_eq!((v.panel_fill, v.window_fill), (colours.panel, colours.panel));
            assert_eq!(v.widgets.inactive.bg_fill, colours.button);
            // Under the pointer a button only lightens; the focus alone has a frame.
            assert_eq!(v.widgets.hovered.bg_fill, colours.button_soft);
            assert_eq!(v.widgets.hovered.bg_stroke, egui::Stroke::NONE);
            assert_eq!(v.override_text_color, Some(palette::TEXT));
        }
        assert_ne!(visuals(Theme::Lava).panel_fill, visuals(Theme::Wood).panel_fill);
        let mut style = egui::Style::default();
        text_and_spacing(&mut style);
        assert_eq!(style.text_styles[&egui::TextStyle::Button].size, BUTTON_TEXT_SIZE);
        assert_eq!(style.spacing.button_padding.x, BUTTON_PADDING);
        assert!(matches!(window_mode(true), bevy::window::WindowMode::BorderlessFullscreen(_)));
        assert_eq!(window_mode(false), bevy::window::WindowMode::Windowed);
    }
}
