# Self-test of the runner (not a tutorial): prints which module `torch` is, so the two
# engines' outputs differ on a stable line; the runner must report a failure.
import torch
print("running on", torch.__name__)
