//! What learning agents need: integer action ids, legal-action masks and observation tensors,
//! after OpenSpiel's conventions, so that a policy network can be written against any game.
//!
//! Ids are `0..num_distinct_actions(config)`, fixed for a configuration and documented by each
//! game; a golden test in each crate pins some of them, so they stay stable across versions.
//! The observation tensor of a player holds only what that player may see (for a
//! hidden-information game: the same guarantee as its `Observation`), flattened in row-major
//! order from [`Learning::observation_tensor_shape`].

use crate::game::{Game, Player};

/// A game with integer action ids and observation tensors.
pub trait Learning: Game {
    /// How many distinct action ids games under `config` have; every id is below it.
    fn num_distinct_actions(config: &Self::Config) -> usize;

    /// The id of `action` under `config`; `None` for an action no game under `config` can
    /// have (a seat that does not exist, say).
    fn action_id(config: &Self::Config, action: &Self::Action) -> Option<usize>;

    /// The action with id `id` under `config`; `None` when `id` is not below
    /// [`num_distinct_actions`](Learning::num_distinct_actions).
    fn action_from_id(config: &Self::Config, id: usize) -> Option<Self::Action>;

    /// The shape of [`observation_tensor`](Learning::observation_tensor) under `config`.
    fn observation_tensor_shape(config: &Self::Config) -> Vec<usize>;

    /// Bounds of each element of the observation tensor under `config`, flattened like the
    /// tensor: what a learning environment's observation space declares. By default nothing is
    /// known (`-inf` to `inf`); games override it with their documented bounds, which the test
    /// kit's `check_learning` checks along random games.
    fn observation_bounds(config: &Self::Config) -> crate::Bounds {
        crate::Bounds::unbounded(Self::observation_tensor_shape(config).iter().product())
    }

    /// The configuration this state was created with.
    fn config_of(&self) -> Self::Config;

    /// Writes `player`'s observation into `out`, whose length is the product of the shape
    /// (anything else is a caller's bug: the game fills what fits and leaves the rest).
    fn observation_tensor_into(&self, player: Player, out: &mut [f32]);

    /// Brings `out` up to date when it holds what
    /// [`observation_tensor_into`](Learning::observation_tensor_into) wrote for `player`
    /// `steps` actions ago (a joint action counting as one): afterwards it holds what that
    /// method writes now. A game whose tensor changes in a few places per move overrides this
    /// to write only those, which is what makes stepping many games at once cheap; by default
    /// it writes the whole tensor. With `steps` 0 it may leave `out` as it is; anything else in
    /// `out` is a caller's bug and gives a wrong tensor.
    fn observation_tensor_update(&self, player: Player, steps: usize, out: &mut [f32]) {
        let _ = steps;
        self.observation_tensor_into(player, out);
    }

    /// `player`'s observation as text, for people and logs. Text numbers players from 1, as
    /// people count them (seat 0 is "player 1"), in every game of this workspace; only the
    /// `player` argument, ids and tensors count from 0.
    fn observation_string(&self, player: Player) -> String;

    /// `player`'s observation as a new vector of the documented shape, flattened.
    fn observation_tensor(&self, player: Player) -> Vec<f32> {
        let len = Self::observation_tensor_shape(&self.config_of())
            .iter()
            .product();
        let mut out = vec![0.0; len];
        self.observation_tensor_into(player, &mut out);
        out
    }

    /// The ids of `player`'s legal actions, in the order of [`Game::legal_actions`].
    fn legal_action_ids(&self, player: Player) -> Vec<usize> {
        let config = self.config_of();
        self.legal_actions(player)
            .iter()
            .filter_map(|a| Self::action_id(&config, a))
            .collect()
    }

    /// One flag per action id: whether that action is legal for `player` now.
    fn legal_action_mask(&self, player: Player) -> Vec<bool> {
        let config = self.config_of();
        let mut mask = vec![false; Self::num_distinct_actions(&config)];
        for id in self.legal_action_ids(player) {
            if let Some(flag) = mask.get_mut(id) {
                *flag = true;
            }
        }
        mask
    }
}
