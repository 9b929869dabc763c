//! `pf1e-sim`: the binary. Parses the command line, reads files, hands text to the engine and
//! prints results. `main` only maps outcomes to exit codes (see `exit_codes`).

#[macro_use]
mod terminal;

mod cli;
mod cmd;
mod coordinator;
mod exit_codes;
mod input;
mod load;
mod out_file;
mod output;
mod rpc;
mod run_outputs;
mod worker;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    match run(cli) {
        Ok(code) => exit_codes::code(code),
        Err(error) => {
            say!("error: {error:#}");
            let data = error.chain().any(|e| e.is::<input::InputError>());
            exit_codes::code(if data {
                exit_codes::DATA_ERROR
            } else {
                exit_codes::RUNTIME_FAILURE
            })
        }
    }
}

fn run(cli: cli::Cli) -> anyhow::Result<u8> {
    match cli.command {
        cli::Command::Validate(args) => cmd::validate::run(&args),
        cli::Command::Spells(args) => cmd::spells::run(&args),
        cli::Command::Run(args) => cmd::run::run(&args),
        cli::Command::Sweep(args) => cmd::sweep::run(&args),
        cli::Command::Bench(args) => cmd::bench::run(&args),
        cli::Command::Merge(args) => cmd::merge::run(&args),
        cli::Command::Worker(args) => cmd::worker::run(&args),
        cli::Command::Coordinator(args) if matches!(&args.job, cli::CoordinatorJob::Run(run) if run.shard.is_some()) => {
            usage("coordinator does not take --shard (use run --shard, then merge)")
        }
        cli::Command::Coordinator(args) => cmd::coordinator::run(&args),
    }
}

fn usage(message: &str) -> anyhow::Result<u8> {
    say!("error: {message}");
    Ok(exit_codes::DATA_ERROR)
}
