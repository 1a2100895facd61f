//! The clipboard for game records. The system clipboard when there is one (X11 through
//! arboard, held open for the whole run so a copied record stays available); without a display
//! (headless runs) a clipboard inside the game, so copy and paste still round-trip.

use bevy::prelude::*;
use std::sync::Mutex;

/// The clipboard: the system's when it could be opened, else one kept here.
#[derive(Resource, Default)]
pub struct Clipboard {
    system: Option<Mutex<arboard::Clipboard>>,
    /// Opening the system clipboard was tried.
    tried: bool,
    /// The text, when there is no system clipboard.
    local: Option<String>,
}

impl Clipboard {
    /// A clipboard kept inside the game only (tests).
    pub fn local() -> Clipboard {
        Clipboard { system: None, tried: true, local: None }
    }

    fn open(&mut self) {
        if !self.tried {
            self.tried = true;
            // Without a display (or with one that has no clipboard) arboard fails: keep a local one.
            if std::env::var_os("DISPLAY").is_some() || std::env::var_os("WAYLAND_DISPLAY").is_some() {
                match arboard::Clipboard::new() {
                    Ok(c) => self.system = Some(Mutex::new(c)),
                    Err(e) => warn!("no system clipboard ({e}); copying stays inside the game"),
                }
            }
        }
    }

    /// Puts text on the clipboard.
    pub fn set(&mut self, text: &str) -> Result<(), String> {
        self.open();
        if let Some(system) = &self.system {
            let mut c = system.lock().map_err(|_| "the clipboard is not available".to_string())?;
            return c.set_text(text.to_string()).map_err(|e| format!("could not copy: {e}"));
        }
        self.local = Some(text.to_string());
        Ok(())
    }

    /// The clipboard's text; an error says why there is none.
    pub fn get(&mut self) -> Result<String, String> {
        self.open();
        if let Some(system) = &self.system {
            let mut c = system.lock().map_err(|_| "the clipboard is not available".to_string())?;
            return c.get_text().map_err(|e| match e {
                arboard::Error::ContentNotAvailable => "the clipboard holds no text".to_string(),
                e => format!("could not read the clipboard: {e}"),
            });
        }
        self.local.clone().ok_or_else(|| "the clipboard holds no text".to_string())
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Clipboard>();
}
