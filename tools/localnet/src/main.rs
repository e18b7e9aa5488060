//! The local world's validator: one surfpool surfnet, offline (no remote datasource), with
//! JSON-RPC and PubSub on loopback and its ledger persisted in SQLite under the state
//! directory, so a restart keeps every account and transaction.
//!
//! It prints one JSON line per lifecycle event on stdout (`ready` once the RPC answers,
//! `stopped` after a clean shutdown) and forwards the surfnet's own log lines to stderr.
//! SIGINT and SIGTERM stop it cleanly: the surfnet checkpoints its database before exiting.

mod args;

use std::{process::ExitCode, thread, time::Duration};

use crossbeam_channel::{select, unbounded};
use signal_hook::consts::{SIGINT, SIGTERM};
use surfpool_core::surfnet::svm::{SurfnetSvm, SurfnetSvmConfig};
use surfpool_types::{
    BlockProductionMode, RpcConfig, SimnetCommand, SimnetConfig, SimnetEvent, SurfpoolConfig,
};

fn main() -> ExitCode {
    let args = match args::parse(std::env::args().skip(1)) {
        Ok(args::Parsed::Run(args)) => args,
        Ok(args::Parsed::Help) => {
            print!("{}", args::HELP);
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("basket-localnet: {message}\n(run with --help for the options)");
            return ExitCode::from(2);
        }
    };
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("basket-localnet: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &args::Args) -> Result<(), String> {
    std::fs::create_dir_all(&args.state_dir).map_err(|e| {
        format!(
            "cannot create state directory {}: {e}",
            args.state_dir.display()
        )
    })?;
    let db_path = args.state_dir.join("ledger.sqlite");
    let db_url = db_path.to_string_lossy().into_owned();

    let svm_config = SurfnetSvmConfig {
        slot_time: args.slot_time_ms,
        ..SurfnetSvmConfig::default()
    };
    let (svm, events_rx, geyser_rx) = SurfnetSvm::new_with_db(Some(&db_url), svm_config)
        .map_err(|e| format!("cannot open the ledger at {db_url}: {e}"))?;

    let config = SurfpoolConfig {
        simnets: vec![SimnetConfig {
            offline_mode: true,
            remote_rpc_url: None,
            slot_time: args.slot_time_ms,
            block_production_mode: BlockProductionMode::Clock,
            ..SimnetConfig::default()
        }],
        rpc: RpcConfig {
            bind_host: args.host.clone(),
            bind_port: args.rpc_port,
            ws_port: args.ws_port,
            ..RpcConfig::default()
        },
        ..SurfpoolConfig::default()
    };

    let (commands_tx, commands_rx) = unbounded::<SimnetCommand>();
    let runloop_tx = commands_tx.clone();
    let runloop = thread::Builder::new()
        .name("surfnet".into())
        .spawn(move || {
            let future =
                surfpool_core::start_local_surfnet(svm, config, runloop_tx, commands_rx, geyser_rx);
            hiro_system_kit::nestable_block_on(future).map_err(|e| e.to_string())
        })
        .map_err(|e| format!("cannot start the surfnet thread: {e}"))?;

    let (signal_tx, signal_rx) = unbounded::<i32>();
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM])
        .map_err(|e| format!("cannot install signal handlers: {e}"))?;
    thread::spawn(move || {
        for signal in signals.forever() {
            let _ = signal_tx.send(signal);
        }
    });

    let rpc_url = format!("http://{}:{}", args.host, args.rpc_port);
    let ws_url = format!("ws://{}:{}", args.host, args.ws_port);
    loop {
        select! {
            recv(signal_rx) -> _ => break,
            recv(events_rx) -> event => match event {
                Ok(SimnetEvent::CoreStarted(replayed)) => println!(
                    "{{\"event\":\"ready\",\"rpc\":\"{rpc_url}\",\"ws\":\"{ws_url}\",\"ledger\":\"{}\",\"replayedTransactions\":{replayed}}}",
                    db_path.display()
                ),
                Ok(SimnetEvent::Aborted(reason)) => return Err(format!("surfnet aborted: {reason}")),
                Ok(SimnetEvent::ErrorLog(_, line)) => eprintln!("error: {line}"),
                Ok(SimnetEvent::WarnLog(_, line)) => eprintln!("warn: {line}"),
                Ok(SimnetEvent::InfoLog(_, line)) if args.verbose => eprintln!("info: {line}"),
                Ok(_) => {}
                // The runloop ended on its own (a bind failure, for example): report why.
                Err(_) => break,
            },
        }
    }

    let _ = commands_tx.send(SimnetCommand::Terminate(None));
    // The runloop checkpoints SQLite before it returns; give it a bounded time to do so.
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while !runloop.is_finished() && std::time::Instant::now() < deadline {
        thread::sleep(Duration::from_millis(20));
    }
    if runloop.is_finished() {
        match runloop.join() {
            Ok(Ok(())) => {}
            Ok(Err(e)) => return Err(format!("surfnet stopped with an error: {e}")),
            Err(_) => return Err("surfnet thread panicked".into()),
        }
    }
    println!("{{\"event\":\"stopped\"}}");
    Ok(())
}
