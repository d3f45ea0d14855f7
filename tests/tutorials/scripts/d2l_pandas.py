# Source: Dive into Deep Learning, 2.2 Data Preprocessing (PyTorch tab)
#   https://d2l.ai/chapter_preliminaries/pandas.html
#   (github.com/d2l-ai/d2l-en chapter_preliminaries/pandas.md)
# Adapted: pandas is not installed here; the tiny CSV the chapter writes is read with
# the csv module, and the chapter's pandas steps (get_dummies with dummy_na=True,
# fillna with the column mean, to_numpy(dtype=float)) are done by hand on lists, giving
# the same arrays. The torch part, torch.tensor of those float64 arrays, is the chapter's.
import os

os.makedirs(os.path.join('..', 'data'), exist_ok=True)
data_file = os.path.join('..', 'data', 'house_tiny.csv')
with open(data_file, 'w') as f:
    f.write('''NumRooms,RoofType,Price
NA,NA,127500
2,NA,106000
4,Slate,178100
NA,NA,140000''')

import csv
import numpy as np

with open(data_file) as f:                         # adapted: pd.read_csv(data_file)
    rows = list(csv.DictReader(f))
rooms = [float(r['NumRooms']) if r['NumRooms'] != 'NA' else float('nan') for r in rows]
known = [v for v in rooms if v == v]
rooms = [v if v == v else sum(known) / len(known) for v in rooms]   # fillna(mean)
slate = [1.0 if r['RoofType'] == 'Slate' else 0.0 for r in rows]   # get_dummies(dummy_na=True)
roof_nan = [1.0 if r['RoofType'] == 'NA' else 0.0 for r in rows]
inputs = np.array([rooms, slate, roof_nan], dtype=float).T         # inputs.to_numpy(dtype=float)
targets = np.array([float(r['Price']) for r in rows])              # targets.to_numpy(dtype=float)

import torch

X = torch.tensor(inputs)
y = torch.tensor(targets)
print((X, y))
