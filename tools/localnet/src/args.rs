//! Command-line options, parsed once and validated with one message per bad value.

use std::path::PathBuf;

pub const HELP: &str = "\
basket-localnet: the local world's validator (a surfpool surfnet, offline)

USAGE:
    basket-localnet [OPTIONS]

OPTIONS:
    --host <ADDR>          address to bind (default 127.0.0.1)
    --rpc-port <PORT>      JSON-RPC port (default 8899)
    --ws-port <PORT>       PubSub (WebSocket) port (default 8900)
    --slot-time-ms <MS>    time between blocks in milliseconds (default 400)
    --state-dir <DIR>      where the ledger is kept; a restart keeps its state (default .localnet/ledger)
    --verbose              forward the surfnet's info log lines to stderr
    -h, --help             print this help

Prints {\"event\":\"ready\",...} on stdout once the RPC answers. SIGINT/SIGTERM stop it cleanly.
Clock control (time travel, pause, resume) is surfpool's surfnet_* RPC namespace.
";

#[derive(Debug)]
pub struct Args {
    pub host: String,
    pub rpc_port: u16,
    pub ws_port: u16,
    pub slot_time_ms: u64,
    pub state_dir: PathBuf,
    pub verbose: bool,
}

#[derive(Debug)]
pub enum Parsed {
    Run(Args),
    Help,
}

pub fn parse(mut argv: impl Iterator<Item = String>) -> Result<Parsed, String> {
    let mut args = Args {
        host: "127.0.0.1".into(),
        rpc_port: 8899,
        ws_port: 8900,
        slot_time_ms: 400,
        state_dir: PathBuf::from(".localnet/ledger"),
        verbose: false,
    };
    while let Some(flag) = argv.next() {
        let mut value = |name: &str| argv.next().ok_or_else(|| format!("{name} needs a value"));
        match flag.as_str() {
            "-h" | "--help" => return Ok(Parsed::Help),
            "--verbose" => args.verbose = true,
            "--host" => args.host = value("--host")?,
            "--rpc-port" => args.rpc_port = port("--rpc-port", &value("--rpc-port")?)?,
            "--ws-port" => args.ws_port = port("--ws-port", &value("--ws-port")?)?,
            "--slot-time-ms" => {
                let raw = value("--slot-time-ms")?;
                args.slot_time_ms = match raw.parse::<u64>() {
                    Ok(ms) if (10..=10_000).contains(&ms) => ms,
                    _ => {
                        return Err(format!(
                            "--slot-time-ms: {raw:?} is not between 10 and 10000"
                        ))
                    }
                };
            }
            "--state-dir" => args.state_dir = PathBuf::from(value("--state-dir")?),
            other => return Err(format!("unknown option {other:?}")),
        }
    }
    if args.rpc_port == args.ws_port {
        return Err(format!(
            "--rpc-port and --ws-port are both {}",
            args.rpc_port
        ));
    }
    Ok(Parsed::Run(args))
}

fn port(name: &str, raw: &str) -> Result<u16, String> {
    match raw.parse::<u16>() {
        Ok(p) if p > 0 => Ok(p),
        _ => Err(format!("{name}: {raw:?} is not a port number (1-65535)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(args: &[&str]) -> Result<Parsed, String> {
        parse(args.iter().map(|s| s.to_string()))
    }

    #[test]
    fn defaults_bind_loopback_on_the_usual_ports() {
        let Ok(Parsed::Run(a)) = run(&[]) else {
            panic!("defaults should parse")
        };
        assert_eq!(
            (a.host.as_str(), a.rpc_port, a.ws_port),
            ("127.0.0.1", 8899, 8900)
        );
    }

    #[test]
    fn rejects_a_bad_port_and_same_ports() {
        assert!(run(&["--rpc-port", "0"])
            .unwrap_err()
            .contains("--rpc-port"));
        assert!(run(&["--rpc-port", "9000", "--ws-port", "9000"]).is_err());
        assert!(run(&["--slot-time-ms", "1"])
            .unwrap_err()
            .contains("--slot-time-ms"));
        assert!(run(&["--nope"]).unwrap_err().contains("--nope"));
    }
}
