"""Chinese texts of the widgets, keyed by their English text (see widgets/i18n.py).

Terms as the Chinese edition of *Dive into Deep Learning* (zh.d2l.ai) uses them: 张量,
梯度, 计算图, 叶子节点, 视图, 存储, 原地操作, 版本计数器. PyTorch's own names (``grad_fn``,
``requires_grad``, ``AccumulateGrad``, ``_version``) stay in English.
"""
ZH = {
}
