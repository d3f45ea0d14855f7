"""Chinese texts of the widgets, keyed by their English text (see widgets/i18n.py).

Terms as the Chinese edition of *Dive into Deep Learning* (zh.d2l.ai) uses them: 张量,
梯度, 计算图, 叶子节点, 视图, 存储, 原地操作, 版本计数器. PyTorch's own names (``grad_fn``,
``requires_grad``, ``AccumulateGrad``, ``_version``) stay in English.
"""
ZH = {
    # ---------------------------------------------------------- the prediction widget
    "Predict": "预测",
    "Choose before you run the next cell.": "先选一个答案，再运行下一个单元格。",
    "\u2713 Right: %s.": "\u2713 答对了：%s。",
    "\u2717 Not quite: you chose %s, the answer is %s.": "\u2717 不太对：你选了 %s，答案是 %s。",
    "Now run the cells under \"Check prediction\" below and see for yourself.":
        "现在运行下面“核对预测”里的单元格，亲眼看看。",
    "Predict: %s": "预测：%s",
    "Answer (decide first): %s. %s": "答案（先自己想好）：%s. %s",
    "Why: %s": "为什么：%s",
    "If you chose %s: %s": "如果你选了 %s：%s",
    "Predict.": "预测。",
    "Decide first, then click here for the answer": "先想好答案，再点这里看答案",
    "Answer: %s.": "答案：%s。",
    "picture %s": "图 %s",
}
