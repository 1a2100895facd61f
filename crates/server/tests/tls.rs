//! Encrypted lines, through real `konane-server` processes with certificates made here by a
//! certificate authority of the test's own: a good certificate is taken (the authority given
//! to the client as the system's, through `SSL_CERT_FILE`) and a whole game is played over
//! it; a certificate nobody trusted, one for another name and an expired one are refused with
//! words that say which; a pinned certificate is taken whatever signed it, and a pin that does
//! not match is refused naming both fingerprints; a plain client at a TLS server and a TLS
//! client at a plain server are both told what to do.
//!
//! One test function: `SSL_CERT_FILE` is read once per process, and set before any thread of
//! the test starts.

mod common;
use common::{Scratch, start};

use konane_server::client::Link;
use konane_server::protocol::{ClientMsg, Colour, ServerMsg, TimeControl};
use konane_server::tls;
use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair};
use std::io::BufRead;
use std::path::{Path, PathBuf};

/// A certificate and its key, written as PEM files.
struct Made {
    cert: PathBuf,
    key: PathBuf,
    der: Vec<u8>,
}

fn write_pair(dir: &Path, name: &str, cert: &rcgen::Certificate, key: &KeyPair) -> Made {
    let (c, k) = (dir.join(format!("{name}.crt")), dir.join(format!("{name}.key")));
    std::fs::write(&c, cert.pem()).unwrap();
    std::fs::write(&k, key.serialize_pem()).unwrap();
    Made { cert: c, key: k, der: cert.der().to_vec() }
}

fn params(names: &[&str]) -> CertificateParams {
    let mut p = CertificateParams::new(names.iter().map(|s| s.to_string()).collect::<Vec<_>>()).unwrap();
    p.distinguished_name.push(DnType::CommonName, names.first().copied().unwrap_or("test"));
    p
}

/// Starts a server showing `made`; returns it and its port.
fn tls_server(dir: &Path, name: &str, made: &Made) -> (common::Running, u16, Vec<String>) {
    let database = dir.join(format!("{name}.sqlite"));
    let (child, addr, mut stdout) = start(
        &database,
        &["--tls-cert", made.cert.to_str().unwrap(), "--tls-key", made.key.to_str().unwrap(), "--rate", "1000"],
    );
    let mut said = Vec::new();
    for _ in 0..3 {
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        said.push(line.trim().to_string());
    }
    let port = addr.rsplit_once(':').unwrap().1.parse().unwrap();
    (child, port, said)
}

async fn refused(address: &str) -> String {
    match Link::connect(address).await {
        Ok(_) => panic!("{address} was taken"),
        Err(e) => e,
    }
}

#[test]
fn encrypted_lines_take_trusted_and_pinned_certificates_and_refuse_the_rest_in_words() {
    let dir = Scratch::new("tls");
    let d = &dir.0;
    // The test's own certificate authority, and the certificates it signs.
    let ca_key = KeyPair::generate().unwrap();
    let mut ca_params = params(&[]);
    ca_params.distinguished_name.push(DnType::CommonName, "Konane test authority");
    ca_params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    let ca_cert = ca_params.self_signed(&ca_key).unwrap();
    std::fs::write(d.join("ca.pem"), ca_cert.pem()).unwrap();
    let ca = Issuer::new(ca_params, ca_key);
    let sign = |name: &str, names: &[&str], expired: bool| {
        let key = KeyPair::generate().unwrap();
        let mut p = params(names);
        if expired {
            p.not_before = rcgen::date_time_ymd(2020, 1, 1);
            p.not_after = rcgen::date_time_ymd(2021, 1, 1);
        }
        let cert = p.signed_by(&key, &ca).unwrap();
        write_pair(d, name, &cert, &key)
    };
    let good = sign("good", &["localhost", "127.0.0.1"], false);
    let other_name = sign("other", &["games.example.org"], false);
    let expired = sign("expired", &["localhost", "127.0.0.1"], true);
    let own_key = KeyPair::generate().unwrap();
    let own = write_pair(d, "own", &params(&["konane.home"]).self_signed(&own_key).unwrap(), &own_key);

    // SAFETY: set before this process starts any other thread (this binary has one test, and
    // no runtime is made before this line); the client reads it once.
    unsafe { std::env::set_var("SSL_CERT_FILE", d.join("ca.pem")) };
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();

    // A certificate the authority signed, for this name: a whole game over it.
    let (_good_server, port, said) = tls_server(d, "good", &good);
    let fp = tls::fingerprint(&good.der);
    assert!(said[0].contains("encrypted"), "{said:?}");
    assert!(said[1].ends_with(&tls::grouped(&fp)), "the server prints its certificate's fingerprint: {said:?}");
    assert!(said[2].ends_with(&format!("tls://HOST:{port}#{}", tls::hex(&fp))), "{said:?}");
    rt.block_on(async {
        let address = format!("tls://127.0.0.1:{port}");
        let mut host = Link::connect(&address).await.unwrap();
        assert_eq!(host.line.certificate, Some(fp), "the client knows the certificate it was shown");
        host.send(&ClientMsg::Host {
            rows: 6,
            cols: 6,
            colour: Colour::Black,
            private: false,
            clock: TimeControl::Untimed,
        })
        .await
        .unwrap();
        let ServerMsg::Seated { game, .. } = host.recv().await.unwrap() else { panic!("not seated") };
        let mut guest = Link::connect(&format!("tls://localhost:{port}")).await.unwrap();
        guest.send(&ClientMsg::Join { code: game.code.clone() }).await.unwrap();
        assert!(matches!(guest.recv().await.unwrap(), ServerMsg::Seated { colour: Colour::White, .. }));
        host.send(&ClientMsg::Move { ply: 0, mv: "d3".into() }).await.unwrap();
        for link in [&mut host, &mut guest] {
            loop {
                match link.recv().await.unwrap() {
                    ServerMsg::Moved { ply: 0, mv, .. } => {
                        assert_eq!(mv, "d3");
                        break;
                    }
                    ServerMsg::Presence { .. } => {}
                    other => panic!("{other:?}"),
                }
            }
        }

        // A plain client at a server that takes encrypted lines only is told so.
        let e = refused(&format!("127.0.0.1:{port}")).await;
        assert!(e.contains("encrypted connections only") && e.contains("tls://"), "{e}");
        // The same certificate, pinned: taken; a pin of another certificate: refused.
        let mut pinned = Link::connect(&format!("tls://127.0.0.1:{port}#{}", tls::hex(&fp))).await.unwrap();
        pinned.send(&ClientMsg::Ping { n: 7 }).await.unwrap();
        assert!(matches!(pinned.recv().await.unwrap(), ServerMsg::Pong { n: 7 }));
        let wrong = [0x5au8; 32];
        let e = refused(&format!("tls://127.0.0.1:{port}#{}", tls::hex(&wrong))).await;
        assert!(
            e.contains("other than the pinned one")
                && e.contains(&tls::grouped(&fp))
                && e.contains(&tls::grouped(&wrong)),
            "{e}"
        );
    });

    // A certificate of the server's own making: refused against the authorities (with what
    // to do), taken when pinned.
    let (_own_server, port, _) = tls_server(d, "own", &own);
    rt.block_on(async {
        let e = refused(&format!("tls://127.0.0.1:{port}")).await;
        assert!(e.contains("not signed by an authority this computer trusts") && e.contains("#FINGERPRINT"), "{e}");
        let pin = tls::hex(&tls::fingerprint(&own.der));
        Link::connect(&format!("tls://127.0.0.1:{port}#{pin}")).await.expect("a pinned certificate is taken");
    });

    // Signed by the authority, but for another name; and expired.
    let (_other_server, port, _) = tls_server(d, "other", &other_name);
    let e = rt.block_on(refused(&format!("tls://localhost:{port}")));
    assert!(e.contains("for another name than localhost"), "{e}");
    let (_expired_server, port, _) = tls_server(d, "expired", &expired);
    let e = rt.block_on(refused(&format!("tls://127.0.0.1:{port}")));
    assert!(e.contains("has expired"), "{e}");

    // An encrypting client at a plain server.
    let (_plain, addr, _) = start(&d.join("plain.sqlite"), &[]);
    let e = rt.block_on(refused(&format!("tls://{addr}")));
    assert!(e.contains("does not speak TLS") || e.contains("may not speak TLS"), "{e}");

    // Files that are not what they should be stop the server with words.
    for (cert, key, says) in [
        (&own.key, &own.key, "holds no certificate"),
        (&own.cert, &own.cert, "holds no private key"),
        (&own.cert, &good.key, "do not go together"),
    ] {
        let out = std::process::Command::new(common::program())
            .args(["--listen", "127.0.0.1:0", "--database"])
            .arg(d.join("bad.sqlite"))
            .arg("--tls-cert")
            .arg(cert)
            .arg("--tls-key")
            .arg(key)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && err.contains(says), "{says}: {err}");
    }
}
