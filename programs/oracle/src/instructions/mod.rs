pub mod initialize_config;
