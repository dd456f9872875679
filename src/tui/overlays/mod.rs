pub mod help;
