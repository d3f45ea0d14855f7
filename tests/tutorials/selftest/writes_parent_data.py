# Self-test of the runner (not a tutorial): writes like d2l does, into '../data', then
# reads the file back after the other engine has had time to write too. With a shared
# parent folder the torch run reads 'minitensor' (or the reverse) and the outputs differ.
import os
import time

import torch

os.makedirs(os.path.join('..', 'data'), exist_ok=True)
path = os.path.join('..', 'data', 'who.txt')
with open(path, 'w') as f:
    f.write(torch.__name__)
time.sleep(0.5)
with open(path) as f:
    print("wrote and read back the same file:", f.read() == torch.__name__)
