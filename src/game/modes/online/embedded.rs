//! The server a hosting game runs inside itself when the settings name none: started on a
//! thread of its own, stopped when the game leaves.

use super::*;

/// A server running inside the game while it hosts without a server of the settings.
pub(super) struct Embedded {
    pub(super) stop: Option<tokio::sync::oneshot::Sender<()>>,
    pub(super) thread: Option<std::thread::JoinHandle<()>>,
    pub(super) addr: SocketAddr,
    pub(super) _responder: Option<Responder>,
}

impl Embedded {
    /// Starts `konane serve`'s code on the game port (any free port if that is taken) with
    /// the database `db`, and answers LAN discovery.
    pub(super) fn start(db: PathBuf) -> Result<Embedded, String> {
        let (ready, bound) = std::sync::mpsc::channel();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("konane-host".into())
            .spawn(move || {
                let rt = match tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build() {
                    Ok(rt) => rt,
                    Err(e) => {
                        let _ = ready.send(Err(e.to_string()));
                        return;
                    }
                };
                rt.block_on(async move {
                    let mut server = None;
                    for port in [DEFAULT_PORT, 0] {
                        let config = ServerConfig::new(SocketAddr::from(([0, 0, 0, 0], port)), db.clone());
                        match Server::bind(config).await {
                            Ok(s) => {
                                server = Some(s);
                                break;
                            }
                            Err(e) if port == 0 => {
                                let _ = ready.send(Err(e));
                                return;
                            }
                            Err(_) => {}
                        }
                    }
                    let Some(server) = server else { return };
                    let addr = match server.local_addr() {
                        Ok(a) => a,
                        Err(e) => {
                            let _ = ready.send(Err(e));
                            return;
                        }
                    };
                    let _ = ready.send(Ok((addr, server.lookup())));
                    server
                        .run(async {
                            let _ = stopped.await;
                        })
                        .await;
                });
            })
            .map_err(|e| e.to_string())?;
        let (addr, lookup) = bound
            .recv_timeout(std::time::Duration::from_secs(20))
            .map_err(|_| "the game's own server did not start".to_string())??;
        // Another game on this machine may answer discovery already; the game can still be
        // joined by address and code.
        let responder = Responder::start(DEFAULT_PORT, addr.port(), move |from, c| lookup.has(from, c)).ok();
        Ok(Embedded { stop: Some(stop), thread: Some(thread), addr, _responder: responder })
    }
}

impl Drop for Embedded {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
