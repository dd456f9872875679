//! Seed 003's experiment: its rule-list player against a random opponent, 50,000 games on
//! 3x3 in each order, as published, as our faithful player plays it, and as the seed's C#
//! program really runs (`csharp.rs`, with .NET Framework's generator in
//! `dotnet_random.rs`). The README's section on classic explains the differences.

pub mod csharp;
pub mod dotnet_random;
pub mod experiment;
