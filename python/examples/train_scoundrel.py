"""Train a learner on the Scoundrel solitaire through ``recess/Scoundrel-v0``, in plain numpy.

The learner is REINFORCE with a baseline: a softmax policy over the legal actions (the
illegal ones masked out of the logits with ``info["action_mask"]``) computed by a small
multilayer perceptron from the observation tensor, and a linear value function as the
baseline. The reward is the game's score at the end (Scoundrel pays nothing before), so
every step of an episode learns from the same final score, less the baseline's guess.

Run it from the repository (about two minutes on one core)::

    pip install "./python[gymnasium]"
    python python/examples/train_scoundrel.py              # 60,000 episodes
    python python/examples/train_scoundrel.py --episodes 500 --seed 1

It prints the win rate (a game survived to the end) and the mean score of the policy before
training (a uniformly random player) and after, on the same 500 deals, and those of the
roster's ``greedy`` AI for scale.

With PyTorch installed, sb3-contrib's ``MaskablePPO`` trains on the same environment: it
reads the legal actions from the environment's ``action_masks()`` method::

    import gymnasium
    import recess.gymnasium
    from sb3_contrib import MaskablePPO

    env = gymnasium.make("recess/Scoundrel-v0")
    model = MaskablePPO("MlpPolicy", env, verbose=1)
    model.learn(200_000)
"""

from __future__ import annotations

import argparse
import time

import gymnasium
import numpy as np

import recess
import recess.gymnasium  # noqa: F401  (registers recess/Scoundrel-v0)

# Scores run from -188 to 30: scaled down so that the gradients stay moderate.
SCORE_SCALE = 50.0


class Adam:
    """Adam over a list of arrays, updated in place."""

    def __init__(self, params: list[np.ndarray], lr: float):
        self.params, self.lr = params, lr
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]
        self.t = 0

    def ascend(self, grads: list[np.ndarray]) -> None:
        self.t += 1
        for p, g, m, v in zip(self.params, grads, self.m, self.v):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            m_hat = m / (1 - 0.9**self.t)
            v_hat = v / (1 - 0.999**self.t)
            p += self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)


class Policy:
    """Observation → tanh hidden layer → one logit per action id; illegal ids get -inf."""

    def __init__(self, inputs: int, actions: int, hidden: int, rng: np.random.Generator):
        self.w1 = rng.normal(0, 1 / np.sqrt(inputs), (inputs, hidden))
        self.b1 = np.zeros(hidden)
        # Zero output weights: the untrained policy is uniform over the legal actions.
        self.w2 = np.zeros((hidden, actions))
        self.b2 = np.zeros(actions)
        self.params = [self.w1, self.b1, self.w2, self.b2]

    def forward(self, x: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Hidden activations and action probabilities of a batch of observations."""
        h = np.tanh(x @ self.w1 + self.b1)
        logits = np.where(mask, h @ self.w2 + self.b2, -np.inf)
        logits -= logits.max(axis=-1, keepdims=True)
        p = np.exp(logits)
        return h, p / p.sum(axis=-1, keepdims=True)

    def grads(self, x, mask, actions, advantages, entropy_bonus):
        """Gradient of mean(advantage · log π(action)) + bonus · mean entropy, per parameter."""
        h, p = self.forward(x, mask)
        n = len(x)
        one_hot = np.zeros_like(p)
        one_hot[np.arange(n), actions] = 1.0
        d_logits = (one_hot - p) * advantages[:, None]
        # d(entropy)/d(logits) = -p (log p + H), over the legal actions only.
        log_p = np.log(np.where(mask, p, 1.0))
        entropy = -(p * log_p).sum(axis=1, keepdims=True)
        d_logits += entropy_bonus * (-p * (log_p + entropy))
        d_logits /= n
        d_h = (d_logits @ self.w2.T) * (1 - h * h)
        return [x.T @ d_h, d_h.sum(0), h.T @ d_logits, d_logits.sum(0)]


def play(env, policy, seed=None, greedy=False, rng=None):
    """One episode; the observations, masks and actions along it, and the final score."""
    observation, info = env.reset(seed=seed)
    xs, masks, actions = [], [], []
    terminated, score = False, 0.0
    while not terminated:
        mask = info["action_mask"].astype(bool)
        _, p = policy.forward(observation[None], mask[None])
        action = int(p[0].argmax()) if greedy else int(rng.choice(len(mask), p=p[0]))
        xs.append(observation)
        masks.append(mask)
        actions.append(action)
        observation, reward, terminated, _, info = env.step(action)
        score += reward
    return np.array(xs), np.array(masks), np.array(actions), score


def evaluate(env, policy, deals, greedy=False):
    rng = np.random.default_rng(0)
    scores = np.array([play(env, policy, seed, greedy, rng)[3] for seed in deals])
    return (scores > 0).mean(), scores.mean()


def evaluate_ai(name, deals):
    game = recess.load_game("scoundrel")
    scores = []
    for seed in deals:
        ai, state = recess.agent(game, name, seed), game.new_initial_state(seed)
        while not state.is_terminal():
            state.apply_action(ai.step(state))
        scores.append(state.returns()[0])
    scores = np.array(scores)
    return (scores > 0).mean(), scores.mean()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=60000)
    parser.add_argument("--batch", type=int, default=16, help="episodes per update")
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--report", type=int, default=10000, help="episodes between reports")
    args = parser.parse_args()

    env = gymnasium.make("recess/Scoundrel-v0")
    rng = np.random.default_rng(args.seed)
    inputs = int(np.prod(env.observation_space.shape))
    policy = Policy(inputs, int(env.action_space.n), args.hidden, rng)
    value = np.zeros(inputs + 1)  # linear baseline, bias last
    optimiser = Adam(policy.params, args.lr)
    value_optimiser = Adam([value], args.lr)
    # Evaluation deals the training never sees (training resets draw from the seed below).
    deals = range(10**6, 10**6 + 500)

    win, mean = evaluate(env, policy, deals)
    print(f"before training: win rate {win:.1%}, mean score {mean:.1f}")

    env.reset(seed=args.seed)
    started, recent = time.perf_counter(), []
    for first in range(0, args.episodes, args.batch):
        batch = [play(env, policy, rng=rng) for _ in range(args.batch)]
        x = np.concatenate([b[0] for b in batch])
        mask = np.concatenate([b[1] for b in batch])
        actions = np.concatenate([b[2] for b in batch])
        returns = np.concatenate([np.full(len(b[2]), b[3] / SCORE_SCALE) for b in batch])
        features = np.hstack([x, np.ones((len(x), 1))])
        advantages = returns - features @ value
        optimiser.ascend(policy.grads(x, mask, actions, advantages, entropy_bonus=0.01))
        # The baseline: a step of least squares towards the returns.
        value_optimiser.ascend([features.T @ advantages / len(x)])
        recent.extend(b[3] for b in batch)
        done = first + args.batch
        if done % args.report < args.batch:
            print(
                f"{done:6d} episodes, {time.perf_counter() - started:5.0f} s: "
                f"mean score of the last 500 {np.mean(recent[-500:]):.1f}"
            )

    win, mean = evaluate(env, policy, deals)
    print(f"after training:  win rate {win:.1%}, mean score {mean:.1f}")
    win, mean = evaluate(env, policy, deals, greedy=True)
    print(f"  (its most likely action every time: win rate {win:.1%}, mean score {mean:.1f})")
    win, mean = evaluate_ai("greedy", deals)
    print(f"the roster's greedy AI, for scale: win rate {win:.1%}, mean score {mean:.1f}")


if __name__ == "__main__":
    main()
