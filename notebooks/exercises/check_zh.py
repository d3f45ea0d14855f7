"""Chinese feedback for check.py, keyed by its English messages (one catalogue, both languages).

check.py says every message through ``_()``, which looks it up here when the notebook chose
Chinese (``widgets.set_language("zh")``, in the Chinese edition's first cell). A key is the
English text exactly as check.py writes it: when an English message changes, its old entry
here matches nothing and the new one is missing, and tests/test_zh_check.py says which.
A ``%s`` / ``%d`` / ``%r`` of the English text appears in the same order in the Chinese one.

Terms as in the glossary (notebooks/zh/00_glossary.ipynb); code and PyTorch's own words stay
in English.
"""
MESSAGES = {
    # ---------------------------------------------------------- verdicts, answer forms, templates
    '✓ %s right: %s':
        '✓ %s 正确：%s',
    '✗ %s not answered yet: %s':
        '✗ %s 还没有作答：%s',
    '✗ %s not quite: %s':
        '✗ %s 不太对：%s',
    'replace None with your answer':
        '把 None 换成你的答案',
    'replace None with True or False':
        '把 None 换成 True 或 False',
    'replace None with a number':
        '把 None 换成一个数',
    'replace None with a whole number':
        '把 None 换成一个整数',
    'replace None with a list of %d numbers':
        '把 None 换成一个包含 %d 个数的列表',
    'replace None with a list of %d numbers, or the string "None"':
        '把 None 换成一个包含 %d 个数的列表，或者字符串 "None"',
    'replace None with a list of %d numbers, or the string "error"':
        '把 None 换成一个包含 %d 个数的列表，或者字符串 "error"',
    'replace None with a dtype such as "float32" or torch.float32':
        '把 None 换成一个数据类型，例如 "float32" 或 torch.float32',
    'replace None with a tuple of whole numbers such as (4, 1)':
        '把 None 换成一个由整数组成的元组，例如 (4, 1)',
    'replace None with a set of names such as {"%s"} (or set() for none)':
        '把 None 换成一个名字的集合，例如 {"%s"}（一个都没有就写 set()）',
    'replace None with a set of node names such as {"MulBackward0"}':
        '把 None 换成一个节点名的集合，例如 {"MulBackward0"}',
    'replace None with a node name such as "ExpBackward0"':
        '把 None 换成一个节点名，例如 "ExpBackward0"',
    'replace None with one of %s':
        '把 None 换成 %s 中的一个',
    'replace None with %s':
        '把 None 换成%s',
    'the leaf w gets a node too, AccumulateGrad: it is the one that writes w.grad.':
        '叶子节点 w 也有一个节点，AccumulateGrad：写入 w.grad 的就是它。',
    "%s is not in y's graph.":
        '%s 不在 y 的计算图里。',
    "b is a leaf now, cut out of a's graph: a.grad is %s, not [5., 5., 5.]. Keep b = a.clone() and add b.retain_grad() before y.backward().":
        'b 现在是一个叶子节点，被从 a 的计算图里剪了出来：a.grad 是 %s，而不是 [5., 5., 5.]。保留 b = a.clone()，并在 y.backward() 之前加上 b.retain_grad()。',
    'z is a new tensor now: anything holding the old z (an optimizer) does not see it. Copy into z itself, under torch.no_grad().':
        'z 现在是一个新张量：还持有旧 z 的东西（比如优化器）看不到它。请在 torch.no_grad() 下复制到 z 本身里。',
    'z no longer requires grad: as a weight it would stop training. Keep it trainable and wrap the copy in torch.no_grad() instead.':
        'z 不再需要梯度：作为权重，它就不会再被训练了。让它保持可训练，改为把这次复制放进 torch.no_grad()。',
    "z joined x's graph (it has a grad_fn): do the copy under torch.no_grad().":
        'z 加入了 x 的计算图（它有了 grad_fn）：请在 torch.no_grad() 下复制。',
    'an error (%s)':
        '一个报错（%s）',
    'w * w is a multiplication, MulBackward0; w ** 2 would make PowBackward0.':
        'w * w 是乘法，对应 MulBackward0；w ** 2 才会生成 PowBackward0。',
    'one operation is missing: %s.':
        '少了一个运算：%s。',
    '✗ there is no exercise %r (known: %s)':
        '✗ 没有练习 %r（已有的练习：%s）',
    'answer True or False (you gave %s).':
        '请回答 True 或 False（你给的是 %s）。',
    'answer a tuple of whole numbers such as (4, 1) (you gave %s).':
        '请回答一个由整数组成的元组，例如 (4, 1)（你给的是 %s）。',
    'not %s.':
        '不是 %s。',
    "m is a (3, 2) view: stride %s over a's storage.":
        'm 是一个 (3, 2) 的视图：在 a 的存储上，步幅是 %s。',
    'in PyTorch 2.x node names end in a number: %s0, not %s (older posts print the old names).':
        '在 PyTorch 2.x 中节点名以数字结尾：是 %s0，不是 %s（较早的文章打印的是旧名字）。',
    'it raises %s There is no normal sampler for int64: ask for torch.randn_like(x, dtype=torch.float32).':
        '它会报错：%s。整数（int64）没有正态分布采样：请写 torch.randn_like(x, dtype=torch.float32)。',
    "retain_grad() keeps the non-leaf's gradient: b.grad = 3s, and a.grad = %s (2 + 3 through the clone).":
        'retain_grad() 让非叶子节点保留梯度：b.grad 全是 3，a.grad 是 %s（2 加上经过克隆传来的 3）。',
    "frozen.%s shares trained.%s's memory: every training step of trained would change the frozen branch too. copy_() copies the values into frozen's own storage.":
        'frozen.%s 和 trained.%s 共享内存：trained 的每一步训练也都会改变冻结的分支。copy_() 会把值复制到 frozen 自己的存储里。',
    'frozen.%s is a new object now: anything holding the old Parameter (an optimizer, a hook) no longer sees it. Copy into the existing tensor with copy_().':
        'frozen.%s 现在是一个新对象：还持有旧 Parameter 的东西（优化器、钩子）看不到它了。请用 copy_() 复制进现有的张量。',
    "frozen.%s joined trained's graph (it has a grad_fn now and requires grad): the frozen branch is no longer frozen, and backward through it would reach trained. Do the copy inside torch.no_grad().":
        'frozen.%s 加入了 trained 的计算图（它现在有 grad_fn，并且需要梯度）：冻结的分支不再冻结，经过它的反向传播会到达 trained。请把复制放进 torch.no_grad()。',
    'deepcopy works on leaves only: ':
        'deepcopy 只能用于叶子节点：',
    'own storage, stride %s: col.contiguous() (or col.clone()).':
        '有自己的存储，步幅是 %s：col.contiguous()（或 col.clone()）。',
    "freeze_all_but_last raised %s on the check's own networks (one with 2 and one with 3 Linear layers).":
        'freeze_all_but_last 在检查用的网络（一个有 2 个 Linear 层，一个有 3 个）上抛出了 %s。',
    "each in-place operation bumps y's version (add_, then mul_: 2), and exp saved y at version 0. backward() says: ":
        '每一次原地操作都会让 y 的版本加一（先 add_，再 mul_：2），而 exp 保存 y 时它是版本 0。backward() 的报错是：',
    'false: it raises %s Ask for a float dtype: torch.randn_like(x, dtype=torch.float32).':
        '错：它会报错：%s。请指定浮点数据类型：torch.randn_like(x, dtype=torch.float32)。',
    'false: %s In-place changes to a leaf that requires grad are refused; load values under torch.no_grad().':
        '错：%s 需要梯度的叶子节点拒绝原地修改；请在 torch.no_grad() 下载入值。',
    'the check itself failed (%s); please tell your teacher.':
        '检查本身出错了（%s）；请告诉老师。',
    'answer a number (you gave %s).':
        '请回答一个数（你给的是 %s）。',
    'answer a whole number (you gave %s).':
        '请回答一个整数（你给的是 %s）。',
    'answer a list of %d numbers (you gave %s).':
        '请回答一个包含 %d 个数的列表（你给的是 %s）。',
    'answer %d numbers (you gave %d: %s).':
        '请回答 %d 个数（你给了 %d 个：%s）。',
    'answer a dtype such as "float32" or torch.float32 (you gave %s).':
        '请回答一个数据类型，例如 "float32" 或 torch.float32（你给的是 %s）。',
    'answer a set of names such as {"%s"} (you gave %s).':
        '请回答一个名字的集合，例如 {"%s"}（你给的是 %s）。',
    'answer a set of names from %s (you gave %s; %r is not one of them).':
        '请从 %s 中选名字组成集合（你给的是 %s；%r 不在其中）。',
    'answer a set of node names such as {"MulBackward0"} (you gave %s).':
        '请回答一个节点名的集合，例如 {"MulBackward0"}（你给的是 %s）。',
    'answer a node name such as "ExpBackward0" (you gave %s).':
        '请回答一个节点名，例如 "ExpBackward0"（你给的是 %s）。',
    'answer one of %s (you gave %s).':
        '请回答 %s 中的一个（你给的是 %s）。',
    'answer %s (you gave %s).':
        '请回答%s（你给的是 %s）。',
    '%s, then run the cell again.':
        '%s，然后再运行这个单元格。',
    'answer a list of %d numbers, or the string "None" (you gave %s).':
        '请回答一个包含 %d 个数的列表，或者字符串 "None"（你给的是 %s）。',
    'answer a list of %d numbers, or the string "error" (you gave %s).':
        '请回答一个包含 %d 个数的列表，或者字符串 "error"（你给的是 %s）。',
    'this exercise expects that %s, but the engine disagrees; please tell your teacher.':
        '这道练习假定 %s，但引擎给出的结果不同；请告诉老师。',
    'm should be a tensor (you gave a %s).':
        'm 应该是一个张量（你给的是一个 %s）。',
    'm has shape %s; the task asks for (3, 2).':
        'm 的形状是 %s；题目要求的是 (3, 2)。',
    'r has shape %s; x has %s.':
        'r 的形状是 %s；x 的形状是 %s。',
    'r is %s; the task asks for float32.':
        'r 的数据类型是 %s；题目要求的是 float32。',
    'a.grad is %s; it should get 2 + 3 = 5 per element. Did backward run more than once?':
        'a.grad 是 %s；每个元素应该得到 2 + 3 = 5。是不是反向传播运行了不止一次？',
    'b.grad is %s; expected 3s from (b * 3).sum().':
        'b.grad 是 %s；(b * 3).sum() 应该给出全是 3。',
    'in a deeper network a Linear layer before the last still learns (trainable: %s): freeze every Linear but the last, not only net[0].':
        '在更深的网络里，最后一层之前还有 Linear 层在学习（是否可训练：%s）：要冻结除最后一层以外的每个 Linear 层，而不只是 net[0]。',
    'the check could not use what your code made (%s).':
        '检查没法使用你的代码生成的东西（%s）。',
    # ---------------------------------------------------------- 1.1
    "one storage, and v's arrow points at element 2: slicing makes a second header onto a's storage, starting 2 elements in.":
        '一块存储，v 的箭头指向下标为 2 的元素：切片在 a 的存储上新建了第二个头信息，从偏移 2 个元素的地方开始。',
    "count the purple storage boxes, and the storage elements before v's first one.":
        '数一数紫色的存储方框，以及 v 的第一个元素之前有几个存储元素。',
    "slicing copies nothing: v is a second header onto a's one storage (a.untyped_storage().data_ptr() == v.untyped_storage().data_ptr()).":
        '切片什么也不复制：v 是 a 那一块存储上的第二个头信息（a.untyped_storage().data_ptr() == v.untyped_storage().data_ptr()）。',
    "8 is the distance in bytes (two float32 of 4 bytes); the picture numbers the storage's elements, one per number: element 2.":
        '8 是以字节计的距离（两个 4 字节的 float32）；图里给存储的元素编号，一个数一个号：下标 2。',
    'v starts where its first element is: a[2:] skips two elements, so its arrow points at element 2.':
        'v 从它的第一个元素所在的位置开始：a[2:] 跳过了两个元素，所以它的箭头指向下标为 2 的元素。',
    'a pair (storages, element)':
        '一个二元组 (storages, element)',
    # ---------------------------------------------------------- 1.2
    'row 1 starts after the 5 elements of row 0: offset 5 elements, 5 × 4 = 20 bytes.':
        '第 1 行从第 0 行的 5 个元素之后开始：偏移量是 5 个元素，5 × 4 = 20 个字节。',
    'r = a[1] is row 1 of a (2, 5) tensor: count the elements before it, then multiply by 4 bytes per float32.':
        'r = a[1] 是一个 (2, 5) 张量的第 1 行：数一数它前面有几个元素，再乘以每个 float32 的 4 个字节。',
    'data_ptr() is an address, counted in bytes: 5 float32 elements are 5 × 4 = 20 bytes.':
        'data_ptr() 是地址，以字节计：5 个 float32 元素是 5 × 4 = 20 个字节。',
    'storage_offset() counts elements (5); only the data_ptr() difference is in bytes (20).':
        'storage_offset() 数的是元素（5）；只有 data_ptr() 的差值才以字节计（20）。',
    'storage_offset() counts storage elements, not rows: row 1 starts after the 5 elements of row 0.':
        'storage_offset() 数的是存储元素，不是行：第 1 行从第 0 行的 5 个元素之后开始。',
    "a[1] is a view, not a copy with a storage of its own: it starts 5 elements into a's storage.":
        'a[1] 是一个视图，不是有自己存储的副本：它从 a 的存储里偏移 5 个元素的地方开始。',
    'a pair (offset, bytes)':
        '一个二元组 (offset, bytes)',
    # ---------------------------------------------------------- 1.3
    "y starts 3 elements into x's storage, so y[1] is x[4]: x is [0, 0, 0, 0, 7, 0, 0, 0].":
        'y 从 x 的存储里偏移 3 个元素的地方开始，所以 y[1] 就是 x[4]：x 是 [0, 0, 0, 0, 7, 0, 0, 0]。',
    "y = x[3:] starts at x's element 3; find which element of x y[1] is.":
        'y = x[3:] 从 x 下标为 3 的元素开始；找出 y[1] 是 x 的哪个元素。',
    "y[1] is not x[1]: y starts 3 elements into x's storage, so y[1] is x[4].":
        'y[1] 不是 x[1]：y 从 x 的存储里偏移 3 个元素的地方开始，所以 y[1] 是 x[4]。',
    'y[0] is x[3], so y[1] is the next one, x[4].':
        'y[0] 是 x[3]，所以 y[1] 是下一个，x[4]。',
    'slicing copies nothing: the write through y lands in the storage x uses.':
        '切片什么也不复制：通过 y 写入的值落进了 x 用的那块存储。',
    # ---------------------------------------------------------- 1.4
    "a view shares its base's version counter: v.add_(1) and a.mul_(2) both count, for a and v alike.":
        '视图和它的基张量共用版本计数器：v.add_(1) 和 a.mul_(2) 都算数，a 和 v 都一样。',
    'count the in-place operations on the storage a and v share.':
        '数一数 a 和 v 共享的那块存储上的原地操作。',
    "a.mul_(2) writes into the storage v shares, and a view shares its base's version counter: v counts both writes.":
        'a.mul_(2) 写进了 v 共享的存储，而视图和它的基张量共用版本计数器：v 把两次写入都记下了。',
    "in-place operations bump the version counter, and a view shares its base's: two writes, 2.":
        '原地操作会让版本计数器加一，而视图共用基张量的计数器：两次写入，就是 2。',
    'the counter counts in-place operations, not elements written: 2.':
        '计数器数的是原地操作的次数，不是写入了几个元素：2。',
    # ---------------------------------------------------------- 1.5
    "set m to a (3, 2) tensor over a's storage, e.g. with a.view(...).":
        '把 m 设为 a 的存储上的一个 (3, 2) 张量，例如用 a.view(...)。',
    "m has its own storage: it is a copy. view() (or reshape() of a contiguous tensor) reuses a's storage.":
        'm 有自己的存储：它是一份副本。view()（或者对连续张量调用 reshape()）会复用 a 的存储。',
    # ---------------------------------------------------------- 1.6
    'one node per operation (Mul, Add, Sum), and AccumulateGrad for the leaf w: backward() runs them from y up to w.':
        '每个运算一个节点（Mul、Add、Sum），再加上叶子节点 w 的 AccumulateGrad：backward() 从 y 一路执行到 w。',
    # ---------------------------------------------------------- 1.7
    'b shares a\'s storage; data_ptr() is where each tensor\'s own first element is, one float64 (8 bytes) later for b. To ask "do they share memory?", compare untyped_storage().data_ptr().':
        'b 和 a 共享存储；data_ptr() 是每个张量自己的第一个元素所在的位置，b 的晚一个 float64（8 个字节）。要问“它们共享内存吗？”，请比较 untyped_storage().data_ptr()。',
    "slicing never copies: a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr() is True. data_ptr() differs because it is where each tensor's first element sits.":
        '切片从不复制：a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr() 是 True。data_ptr() 不同，是因为它表示每个张量的第一个元素在哪里。',
    "an address does not change while the tensor lives; b's is 8 bytes after a's every time you ask: one float64 further into the same storage.":
        '张量活着的时候，它的地址不会变；每次问，b 的地址都比 a 的多 8 个字节：在同一块存储里往后一个 float64。',
    # ---------------------------------------------------------- 2.1
    "one int among the bools promotes the whole tensor to int64, PyTorch's default integer dtype.":
        '布尔值中间有一个整数，整个张量就被提升为 int64，也就是 PyTorch 的默认整数类型。',
    'one int among the bools promotes the whole tensor: bool -> int64.':
        '布尔值中间有一个整数，整个张量就会被提升：bool -> int64。',
    "PyTorch's default integer dtype is int64 (long), not int32.":
        'PyTorch 的默认整数类型是 int64（long），不是 int32。',
    'there is no float among the values: bools and ints give int64.':
        '这些值里没有浮点数：布尔值和整数得到 int64。',
    # ---------------------------------------------------------- 2.2
    "as_tensor shares the array's memory when it can (same dtype and device): t sees the 9. u asked for float32, so the int32 numbers were converted into new memory.":
        'as_tensor 能共享时就共享数组的内存（数据类型和设备都相同）：t 看得到这个 9。u 要的是 float32，所以 int32 的数被转换到了新内存里。',
    "t shares arr's memory; u is a float32 copy made before arr[0] = 9.":
        't 共享 arr 的内存；u 是在 arr[0] = 9 之前做出的一份 float32 副本。',
    "as_tensor shares the array's memory when no conversion is needed: t (int32, like arr) sees arr[0] = 9.":
        '不需要转换时，as_tensor 共享数组的内存：t（和 arr 一样是 int32）看得到 arr[0] = 9。',
    'u asked for float32: converting int32 needs new memory, so u is a copy made before the write.':
        'u 要的是 float32：转换 int32 需要新内存，所以 u 是在写入之前做出的副本。',
    'the other way round: t (same dtype) shares, u (converted) is a copy.':
        '正好反了：t（数据类型相同）共享，u（做了转换）是副本。',
    'a pair (t[0], u[0])':
        '一个二元组 (t[0], u[0])',
    # ---------------------------------------------------------- 2.3
    'torch.Tensor(3) reads the 3 as a size (3 uninitialised numbers: never use their values); torch.tensor(3) holds the value 3, a 0-dimensional tensor.':
        'torch.Tensor(3) 把 3 当作大小（3 个未初始化的数：千万别用它们的值）；torch.tensor(3) 存的是值 3，一个 0 维张量。',
    'one of them reads 3 as a size, the other as a value.':
        '其中一个把 3 当作大小，另一个把它当作值。',
    'capital-T torch.Tensor is the legacy constructor: a bare int is a size, so old has shape (3,) (and uninitialised values).':
        '大写 T 的 torch.Tensor 是旧式构造函数：单独一个整数表示大小，所以 old 的形状是 (3,)（而且值是未初始化的）。',
    'torch.tensor(3) is a scalar: a 0-dimensional tensor, shape ().':
        'torch.tensor(3) 是一个标量：一个 0 维张量，形状是 ()。',
    'torch.Tensor(3) takes 3 as a size: shape (3,). torch.tensor(3) is a scalar, shape ().':
        'torch.Tensor(3) 把 3 当作大小：形状是 (3,)。torch.tensor(3) 是一个标量，形状是 ()。',
    'a pair (old.shape, new.shape)':
        '一个二元组 (old.shape, new.shape)',
    # ---------------------------------------------------------- 2.4
    '*_like borrows x\'s dtype, int64, and a normal distribution has no integer version: PyTorch 2.13 raises NotImplementedError ("normal_kernel_cpu" not implemented for \'Long\'). Older posts show it working.':
        '*_like 借用 x 的数据类型 int64，而正态分布没有整数版本：PyTorch 2.13 会抛出 NotImplementedError（"normal_kernel_cpu" not implemented for \'Long\'）。较早的文章里它能运行。',
    "*_like keeps x's dtype unless you pass dtype=: it does not switch to float32 by itself, so it raises.":
        '除非你传入 dtype=，*_like 会保留 x 的数据类型：它不会自己换成 float32，所以会报错。',
    # ---------------------------------------------------------- 2.5
    "x's shape, float32, normal numbers: torch.randn_like(x, dtype=torch.float32) (or torch.randn(x.shape)).":
        '形状和 x 相同、float32、服从正态分布：torch.randn_like(x, dtype=torch.float32)（或者 torch.randn(x.shape)）。',
    "set r to standard-normal random numbers with x's shape, as float32.":
        '把 r 设为形状和 x 相同、服从标准正态分布的 float32 随机数。',
    'r should be a tensor.':
        'r 应该是一个张量。',
    'every number of r lies in [0, 1): that is rand (uniform). randn draws from a normal distribution, negative numbers too.':
        'r 的每个数都在 [0, 1) 里：那是 rand（均匀分布）。randn 从正态分布抽取，也会有负数。',
    # ---------------------------------------------------------- 2.6
    "new_tensor borrows x's dtype (and device) instead of inferring one from the values.":
        'new_tensor 借用 x 的数据类型（和设备），而不是根据值来推断。',
    "new_tensor does not infer a dtype from the values the way torch.tensor does: it borrows x's, float64, unless you pass dtype=.":
        'new_tensor 不像 torch.tensor 那样根据值推断数据类型：除非你传入 dtype=，它借用 x 的数据类型 float64。',
    "p takes x's dtype, float64, not the default float dtype.":
        'p 用的是 x 的数据类型 float64，而不是默认的浮点类型。',
    # ---------------------------------------------------------- 3.1
    'a reaches y twice, directly and through the clone: b + a = 2a = [4., -2.].':
        'a 两次到达 y：一次直接，一次经过克隆：b + a = 2a = [4., -2.]。',
    'add the gradients of both uses of a: through a directly (b) and through b = a.clone() (a).':
        '把 a 两次使用的梯度加起来：直接经过 a 的（b），以及经过 b = a.clone() 的（a）。',
    'that counts only the direct use of a (whose gradient is b). b = a.clone() is a node in the graph (CloneBackward0), so the gradient through b reaches a too: b + a = 2a.':
        '那只算了 a 的直接使用（它的梯度是 b）。b = a.clone() 是计算图里的一个节点（CloneBackward0），所以经过 b 的梯度也会到达 a：b + a = 2a。',
    'y = Σ a·b with b a copy of a: the gradient is b + a = 2a.':
        'y = Σ a·b，而 b 是 a 的一份副本：梯度是 b + a = 2a。',
    # ---------------------------------------------------------- 3.2
    'b was made by clone(), so it is not a leaf: its gradient passes through to a and is not kept. PyTorch 2.13 warns when you read it (older posts show a silent None).':
        'b 是由 clone() 生成的，所以它不是叶子节点：它的梯度传给 a，自己不保留。PyTorch 2.13 在你读取它时会给出警告（较早的文章里是安静地得到 None）。',
    '[4., -2.] is a.grad. b is not a leaf (clone() made it), so its .grad is not kept unless you call b.retain_grad() before backward().':
        '[4., -2.] 是 a.grad。b 不是叶子节点（它由 clone() 生成），所以它的 .grad 不会被保留，除非你在 backward() 之前调用 b.retain_grad()。',
    'b is not a leaf: its .grad is None (with a UserWarning) unless you call b.retain_grad() before backward().':
        'b 不是叶子节点：它的 .grad 是 None（还会有一条 UserWarning），除非你在 backward() 之前调用 b.retain_grad()。',
    # ---------------------------------------------------------- 3.3
    'b.grad is still None: call b.retain_grad() before y.backward().':
        'b.grad 仍是 None：请在 y.backward() 之前调用 b.retain_grad()。',
    # ---------------------------------------------------------- 3.4
    'a does not require grad, so clone() recorded nothing: b is a leaf of its own, and requires_grad_() made it a trainable one. b.grad = [3., 3.]; a.grad stays None.':
        'a 不需要梯度，所以 clone() 什么也没记录：b 是一个独立的叶子节点，requires_grad_() 让它可以训练。b.grad = [3., 3.]；a.grad 仍是 None。',
    'b is a trainable leaf of its own; nothing connects it to a.':
        'b 是一个独立的可训练叶子节点；没有任何东西把它和 a 连在一起。',
    'b is a leaf here, not an intermediate node: a does not require grad, so clone() recorded nothing, and requires_grad_() made b a trainable leaf. Its gradient is kept: [3., 3.].':
        '这里的 b 是叶子节点，不是中间节点：a 不需要梯度，所以 clone() 什么也没记录，requires_grad_() 让 b 成为可训练的叶子节点。它的梯度会被保留：[3., 3.]。',
    'no graph links b to a (a does not require grad): a.grad stays None.':
        '没有计算图把 b 和 a 连在一起（a 不需要梯度）：a.grad 仍是 None。',
    'a pair (b.grad, a.grad)':
        '一个二元组 (b.grad, a.grad)',
    # ---------------------------------------------------------- 3.5
    'backward() adds into .grad: three passes give 3 × [1, 2] = [3., 6.].':
        'backward() 是往 .grad 上累加：三次反向传播得到 3 × [1, 2] = [3., 6.]。',
    'each backward pass adds the gradient [1, 2] to what is already in w.grad.':
        '每一次反向传播都把梯度 [1, 2] 加到 w.grad 已有的值上。',
    'backward() adds to .grad, it never overwrites it: three passes give 3 × [1, 2].':
        'backward() 往 .grad 上累加，从不覆盖：三次反向传播得到 3 × [1, 2]。',
    'nothing resets w.grad here: each pass adds [1, 2].':
        '这里没有任何东西把 w.grad 清零：每一次都加上 [1, 2]。',
    # ---------------------------------------------------------- 3.6
    'backward() adds into w.grad, so each step used the sum of all gradients so far. opt.zero_grad() at the start of each step clears it (to None).':
        'backward() 往 w.grad 上累加，所以每一步用的都是到目前为止所有梯度之和。在每一步开头调用 opt.zero_grad() 会把它清掉（设为 None）。',
    "retain_graph=True keeps a graph's saved tensors for a second backward through the same graph. Here every step builds a new graph, and .grad still adds up.":
        'retain_graph=True 是为了在同一个计算图上做第二次反向传播而保留保存的张量。这里每一步都新建一个计算图，.grad 照样会累加。',
    'w = w.detach() would make w a new tensor that the optimizer does not hold, so training would stop changing it; the gradients would still have added up in the old w.grad.':
        'w = w.detach() 会让 w 成为一个优化器并不持有的新张量，于是训练就不再改变它；而梯度仍然已经在旧的 w.grad 里累加起来了。',
    # ---------------------------------------------------------- 4.1
    'd and a are two headers on one storage: the write through d went into a.':
        'd 和 a 是同一块存储上的两个头信息：通过 d 的写入落进了 a。',
    'd[0] = 10. wrote into the storage d shares with a.':
        'd[0] = 10. 写进了 d 和 a 共享的存储。',
    'd and a are two headers on one storage: d[0] = 10. changed a[0] too. detach() copies nothing.':
        'd 和 a 是同一块存储上的两个头信息：d[0] = 10. 也改变了 a[0]。detach() 什么也不复制。',
    # ---------------------------------------------------------- 4.2
    'detach() shares the version counter too: zero_() and fill_() (through the view q[1]) are two in-place writes, and p counts both.':
        'detach() 连版本计数器也共享：zero_() 和（通过视图 q[1] 的）fill_() 是两次原地写入，p 把两次都记下了。',
    'count the in-place operations on the storage p and q share.':
        '数一数 p 和 q 共享的那块存储上的原地操作。',
    'detach() shares the version counter as well as the storage: writes through q count for p. That is how autograd notices them.':
        'detach() 不仅共享存储，也共享版本计数器：通过 q 的写入也算在 p 头上。自动微分就是这样察觉到它们的。',
    'q[1].fill_(5.) is an in-place write too (through a view of q): with zero_() that makes 2.':
        'q[1].fill_(5.) 也是一次原地写入（通过 q 的一个视图）：加上 zero_()，一共 2 次。',
    # ---------------------------------------------------------- 4.3
    'only tanh saved the output that was changed: TanhBackward0 needs y1 (d tanh = 1 - tanh²), and its version moved from 0 to 1.':
        '只有 tanh 保存的输出被改了：TanhBackward0 需要 y1（tanh 的导数是 1 - tanh²），而它的版本从 0 变成了 1。',
    'tanh saves its output (d tanh = 1 - tanh²): zeroing y1 through detach() bumped the shared version, so backward fails.':
        'tanh 保存它的输出（tanh 的导数是 1 - tanh²）：通过 detach() 把 y1 清零，让共用的版本加了一，所以反向传播会失败。',
    'x * 3 saves only the constant 3: nothing it saved was changed, so backward works (y2 holds zeros now, though).':
        'x * 3 只保存常数 3：它保存的东西一样都没变，所以反向传播能成功（不过 y2 现在全是零）。',
    'pow saves its input x (d x² = 2x), not its output: zeroing y3 leaves x alone, so backward works.':
        'pow 保存的是它的输入 x（x² 的导数是 2x），不是它的输出：把 y3 清零不会动到 x，所以反向传播能成功。',
    # ---------------------------------------------------------- 4.4
    "sigmoid saves its output y (d sigmoid = y(1 - y)); the write through y.detach() moved y's version from 0 to 1, so SigmoidBackward0's saved tensor is stale (red).":
        'sigmoid 保存它的输出 y（sigmoid 的导数是 y(1 - y)）；通过 y.detach() 的写入让 y 的版本从 0 变成 1，所以 SigmoidBackward0 保存的张量过期了（红色）。',
    'find the node that saved y itself.':
        '找出保存了 y 本身的那个节点。',
    'y * 2 saves only the constant 2, not y.':
        'y * 2 只保存常数 2，不保存 y。',
    "sum saves only its input's shape.":
        'sum 只保存输入的形状。',
    'AccumulateGrad saves nothing: it adds the gradient into x.grad.':
        'AccumulateGrad 什么也不保存：它把梯度加到 x.grad 里。',
    # ---------------------------------------------------------- 4.5
    "x + 1 saves nothing (its derivative is 1), so the write broke nothing backward needs: x.grad = [1., 1., 1.]. (y's values are zeros now, though.)":
        'x + 1 什么也不保存（它的导数是 1），所以这次写入没有破坏反向传播需要的任何东西：x.grad = [1., 1., 1.]。（不过 y 的值现在全是零。）',
    "x + 1 saves nothing (its derivative is 1): no saved tensor was changed, so backward works. y's values did change: they are zeros now.":
        'x + 1 什么也不保存（它的导数是 1）：没有哪个保存的张量被改动，所以反向传播能成功。y 的值确实变了：现在全是零。',
    'the gradient of (x + 1).sum() is 1 per element, whatever y holds: add saves nothing to multiply by.':
        '(x + 1).sum() 的梯度每个元素都是 1，不管 y 里是什么：加法没有保存任何要乘的东西。',
    # ---------------------------------------------------------- 4.6
    'c is a new leaf: c.grad = 2c = [0., 8., 16.], and its graph starts at c, so nothing reaches a.':
        'c 是一个新的叶子节点：c.grad = 2c = [0., 8., 16.]，它的计算图从 c 开始，所以什么也到不了 a。',
    'c = out.detach() is cut from a; requires_grad_(True) makes it a leaf of its own, and d(c²)/dc = 2c.':
        'c = out.detach() 已经和 a 切断；requires_grad_(True) 让它成为一个独立的叶子节点，而 d(c²)/dc = 2c。',
    'many posts say a detached tensor never gets a gradient, even after requires_grad = True. In 2.13 requires_grad_(True) makes c a new leaf, and backward fills c.grad = 2c.':
        '很多博文说分离出的张量即使设置 requires_grad = True 也永远得不到梯度。在 2.13 中，requires_grad_(True) 让 c 成为一个新的叶子节点，反向传播会填好 c.grad = 2c。',
    "c's graph starts at c: it is a new leaf, cut from a. a.grad stays None.":
        'c 的计算图从 c 开始：它是一个新的叶子节点，和 a 切断了。a.grad 仍是 None。',
    'a pair (c.grad, a.grad)':
        '一个二元组 (c.grad, a.grad)',
    # ---------------------------------------------------------- 4.7
    'detach() makes a second header with the same storage and the same version counter: exp saved y at version 0, and backward now finds version 1.':
        'detach() 生成第二个头信息，共用同一块存储和同一个版本计数器：exp 保存 y 时是版本 0，而反向传播现在看到的是版本 1。',
    "detach() copies nothing: y.detach() is a second header on y's storage, and it shares y's version counter.":
        'detach() 什么也不复制：y.detach() 是 y 的存储上的第二个头信息，并且和 y 共用版本计数器。',
    'mul_ is differentiable; the trouble is that exp saved y for backward (d eˣ = eˣ) and y was changed in place.':
        'mul_ 是可以求导的；问题在于 exp 为反向传播保存了 y（eˣ 的导数是 eˣ），而 y 被原地修改了。',
    # ---------------------------------------------------------- 5.1
    "c's graph was built before detach_(): AddBackward0 still points at MulBackward0, so backward reaches a: 1 · 2 per element.":
        'c 的计算图是在 detach_() 之前建好的：AddBackward0 仍然指向 MulBackward0，所以反向传播能到达 a：每个元素 1 · 2。',
    "detach_() changes b from now on, but c's AddBackward0 was built before and still points at MulBackward0 (picture). Add saves nothing, so backward() works and reaches a.":
        'detach_() 从现在起改变 b，但 c 的 AddBackward0 是在那之前建的，仍然指向 MulBackward0（见图）。加法什么也不保存，所以 backward() 能成功，并到达 a。',
    'follow c = b + 1 with b = a * 2 back to a: each element gets 1 · 2.':
        '沿着 c = b + 1、b = a * 2 一路回到 a：每个元素得到 1 · 2。',
    # ---------------------------------------------------------- 5.2
    'y = m * 5 saved only the constant 5, and its graph still reaches a: 5 · 3 = 15 per element.':
        'y = m * 5 只保存了常数 5，而且它的计算图仍然通到 a：每个元素 5 · 3 = 15。',
    'y = m * 5 saves only the constant 5, not m: nothing it saved was detached, so backward works.':
        'y = m * 5 只保存常数 5，不保存 m：它保存的东西没有一样被分离，所以反向传播能成功。',
    'the chain rule multiplies both steps: 5 from y = m * 5, times 3 from m = a * 3.':
        '链式法则把两步乘起来：y = m * 5 给出 5，再乘上 m = a * 3 给出的 3。',
    # ---------------------------------------------------------- 5.3
    "y's SumBackward0 was built before detach_() and still points at SinBackward0, which reaches x: y.backward() gives x.grad = cos(x). The post's x, m → y picture is not what PyTorch 2.13 does.":
        'y 的 SumBackward0 是在 detach_() 之前建好的，仍然指向 SinBackward0，再通到 x：y.backward() 得到 x.grad = cos(x)。博文里那张“x, m → y”的图并不是 PyTorch 2.13 的行为。',
    "that is the post's picture, and it is wrong for PyTorch 2.13: detach_() changes m from now on (a leaf, no grad_fn), but y's SumBackward0 was built before and still points at SinBackward0, which reaches x.":
        '那是博文里的图，而它对 PyTorch 2.13 来说是错的：detach_() 从现在起改变 m（成为叶子节点，没有 grad_fn），但 y 的 SumBackward0 是在那之前建的，仍然指向 SinBackward0，再通到 x。',
    # ---------------------------------------------------------- 5.4
    'only b * b saved b itself (d b² = 2b), and a saved tensor that was detached in place cannot be used.':
        '只有 b * b 保存了 b 本身（b² 的导数是 2b），而被原地分离过的保存张量是不能用的。',
    'b * b saves b (d b² = 2b), and b was detached in place: backward refuses to use it ("Trying to use a saved tensor that has been detached in-place").':
        'b * b 保存了 b（b² 的导数是 2b），而 b 被原地分离了：反向传播拒绝使用它（"Trying to use a saved tensor that has been detached in-place"）。',
    'sigmoid saves its output c2, not b: detaching b in place does not touch it.':
        'sigmoid 保存的是它的输出 c2，不是 b：原地分离 b 碰不到它。',
    'b + b saves nothing: its derivative is 1 + 1.':
        'b + b 什么也不保存：它的导数是 1 + 1。',
    # ---------------------------------------------------------- 5.5
    'q (a slice) and r (a transpose) are views, and views cannot be detached in place, even with no gradient anywhere. p and s own their storage.':
        'q（切片）和 r（转置）都是视图，而视图不能原地分离，即使根本不涉及梯度。p 和 s 拥有自己的存储。',
    'q = torch.ones(4)[1:] is a view (a slice), and views cannot be detached in place, even when no gradient is involved.':
        'q = torch.ones(4)[1:] 是一个视图（切片），而视图不能原地分离，即使不涉及梯度也不行。',
    "r = torch.ones(2, 2).t() is a view too (a transpose shares its base's storage): detach_() refuses it.":
        'r = torch.ones(2, 2).t() 也是视图（转置和它的基张量共享存储）：detach_() 拒绝它。',
    'clone() makes a tensor with its own storage, not a view: detach_() works on it.':
        'clone() 生成一个有自己存储的张量，不是视图：可以对它调用 detach_()。',
    'p is a plain tensor, not a view: detach_() works (and changes nothing here).':
        'p 是一个普通张量，不是视图：detach_() 能用（在这里什么也没改变）。',
    # ---------------------------------------------------------- 5.6
    'm.detach() gives a new header on m\'s values and leaves m, and the graph, alone. It can be "undone" (m is still there); detach_() cannot.':
        'm.detach() 在 m 的值上新建一个头信息，不动 m，也不动计算图。它可以“反悔”（m 还在）；detach_() 不行。',
    'detach_() changes m itself: it leaves the graph for good, and m * m saved m for backward, so loss.backward() then fails ("Trying to use a saved tensor that has been detached in-place").':
        'detach_() 改变的是 m 本身：它永远离开了计算图，而 m * m 为反向传播保存了 m，所以之后 loss.backward() 会失败（"Trying to use a saved tensor that has been detached in-place"）。',
    'clone() stays in the graph (CloneBackward0): the log would keep the graph alive and cost a copy. To read values, detach() is enough.':
        'clone() 留在计算图里（CloneBackward0）：记录下来的值会让计算图一直活着，还要多花一份复制。只是读取值的话，detach() 就够了。',
    # ---------------------------------------------------------- 6.1
    "src (3,) fills both rows of dst (2, 3), and the values are converted to dst's dtype, int64, by truncating toward zero: 7.9 -> 7, -1.5 -> -1, 2.5 -> 2.":
        'src (3,) 填满了 dst (2, 3) 的两行，值被转换成 dst 的数据类型 int64，方式是向零截断：7.9 -> 7，-1.5 -> -1，2.5 -> 2。',
    'src is broadcast over both rows, and each float is converted to int64 the way int() converts it.':
        'src 被广播到两行上，每个浮点数都像 int() 那样被转换成 int64。',
    'copy_ into an integer tensor truncates toward zero, like int(7.9) == 7; it does not round.':
        'copy_ 复制到整数张量时是向零截断，就像 int(7.9) == 7；它不会四舍五入。',
    'truncation goes toward zero: -1.5 becomes -1, not -2 (that would be floor).':
        '截断是向零的：-1.5 变成 -1，而不是 -2（那是向下取整 floor）。',
    'dst keeps its dtype, int64: the floats are converted on the way in.':
        'dst 保留自己的数据类型 int64：浮点数在写入时就被转换了。',
    "the (3,) source is broadcast to dst's shape (2, 3): it fills every row.":
        '(3,) 的源张量被广播成 dst 的形状 (2, 3)：它填满每一行。',
    # ---------------------------------------------------------- 6.2
    'only floating-point (and complex) tensors can require grad, so copy_ into an int64 destination records nothing: dst.requires_grad is False, and no gradient will ever reach src through it. Silently.':
        '只有浮点（和复数）张量才能需要梯度，所以复制到 int64 目标张量时 copy_ 什么也不记录：dst.requires_grad 是 False，永远不会有梯度经过它到达 src。而且不声不响。',
    'that is what a float destination would do (CopyBackwards). An int64 tensor cannot require grad, so copy_ records nothing: requires_grad stays False and the gradient is silently gone.':
        '那是浮点类型的目标张量才会有的结果（CopyBackwards）。int64 张量不能需要梯度，所以 copy_ 什么也不记录：requires_grad 仍是 False，梯度悄悄地没了。',
    "the copy worked (look at dst's values); it just left no trace in the graph.":
        '复制是成功的（看看 dst 的值）；只是它在计算图里什么痕迹也没留下。',
    # ---------------------------------------------------------- 6.3
    'copy_ writes values into dst as it is: same dtype, shape and storage; the values change, and so does _version (it is an in-place write).':
        'copy_ 把值写进原样的 dst：数据类型、形状和存储都不变；变的是值，还有 _version（这是一次原地写入）。',
    'dst keeps its dtype: the float64 values are converted to float32 on the way in.':
        'dst 保留自己的数据类型：float64 的值在写入时被转换成 float32。',
    'dst never changes shape: src (3,) is broadcast to fill (2, 3).':
        'dst 的形状永远不变：src (3,) 被广播成 (2, 3) 去填满它。',
    "copy_ writes into dst's own storage: same memory, nothing allocated.":
        'copy_ 写进 dst 自己的存储：还是那块内存，没有分配新的。',
    "dst's zeros became 0, 1, 2 in both rows: the values are what copy_ is for.":
        'dst 的两行零变成了 0、1、2：改变值正是 copy_ 的用途。',
    'copy_ is an in-place write: dst._version goes from 0 to 1.':
        'copy_ 是一次原地写入：dst._version 从 0 变成 1。',
    # ---------------------------------------------------------- 6.4
    "the source is broadcast to the destination's shape, matching from the right: (3,) and (2, 1) stretch to (2, 3); (2,) does not line up with 3, and (1, 3) has more dimensions than (3,).":
        '源张量被广播成目标张量的形状，从右往左对齐：(3,) 和 (2, 1) 都能拉伸成 (2, 3)；(2,) 对不上 3，而 (1, 3) 比 (3,) 多一个维度。',
    '(3,) stretches over every row of (2, 3).':
        '(3,) 拉伸到 (2, 3) 的每一行上。',
    '(2,) cannot line up with the last dimension, 3: broadcasting matches shapes from the right.':
        '(2,) 对不上最后一维的 3：广播是从右往左对齐形状的。',
    '(2, 1) stretches to (2, 3): a size-1 dimension repeats.':
        '(2, 1) 拉伸成 (2, 3)：大小为 1 的维度会被重复。',
    'the source is stretched to the destination, never squeezed: (1, 3) has more dimensions than (3,), so it fails.':
        '源张量只会被拉伸成目标张量的形状，从不会被压缩：(1, 3) 比 (3,) 多一个维度，所以会失败。',
    # ---------------------------------------------------------- 6.5
    'copy_ from a source that requires grad is recorded (CopyBackwards): d = s + 1, so the gradient of Σd² is 2d = 2(s + 1) = [3., 0., 6.].':
        '从需要梯度的源张量 copy_ 会被记录（CopyBackwards）：d = s + 1，所以 Σd² 的梯度是 2d = 2(s + 1) = [3., 0., 6.]。',
    'the gradient flows through CopyBackwards and s + 1 to s: 2d.':
        '梯度经过 CopyBackwards 和 s + 1 流到 s：2d。',
    'copy_ records CopyBackwards: d joins the graph and the gradient flows back to s. (Older posts say copy_ breaks the graph; in 2.13 it does not.)':
        'copy_ 记录下 CopyBackwards：d 加入计算图，梯度流回 s。（较早的文章说 copy_ 会破坏计算图；在 2.13 中不会。）',
    'd = s + 1, so the gradient of Σd² is 2d = 2(s + 1), not 2s.':
        'd = s + 1，所以 Σd² 的梯度是 2d = 2(s + 1)，而不是 2s。',
    "copy_ replaced d's ones: d is s + 1 now, and the gradient of Σd² is 2d.":
        'copy_ 替换掉了 d 里的 1：d 现在是 s + 1，Σd² 的梯度是 2d。',
    # ---------------------------------------------------------- 6.6
    'values copied, same Parameter objects, own memory, still frozen and out of any graph.':
        '值已经复制过去，Parameter 对象还是原来那些，有自己的内存，仍然冻结，也不在任何计算图里。',
    'frozen still holds its own values: nothing was copied yet. Use copy_() inside torch.no_grad().':
        'frozen 里还是它自己原来的值：还什么都没复制。请在 torch.no_grad() 里使用 copy_()。',
    # ---------------------------------------------------------- 7.1
    'only detach() shares memory; clone(), detach().clone() and deepcopy copy.':
        '只有 detach() 共享内存；clone()、detach().clone() 和 deepcopy 都会复制。',
    "d = a.detach() shares a's storage: detach() does not copy.":
        'd = a.detach() 共享 a 的存储：detach() 不复制。',
    'c = a.clone() has its own storage: clone() always copies.':
        'c = a.clone() 有自己的存储：clone() 总是复制。',
    's = a.detach().clone(): the clone() copies.':
        's = a.detach().clone()：clone() 会复制。',
    'k = copy.deepcopy(a) copies everything, memory included.':
        'k = copy.deepcopy(a) 复制一切，连内存也复制。',
    # ---------------------------------------------------------- 7.2
    'only the clone is still connected to a (CloneBackward0).':
        '只有克隆仍然和 a 连在一起（CloneBackward0）。',
    'c = a.clone() is in the graph (CloneBackward0): its gradient reaches a.':
        'c = a.clone() 在计算图里（CloneBackward0）：它的梯度会到达 a。',
    'd = a.detach() left the graph.':
        'd = a.detach() 离开了计算图。',
    's = a.detach().clone() is detached first: out of the graph.':
        's = a.detach().clone() 先做了分离：不在计算图里。',
    'k = copy.deepcopy(a) is a new leaf: it requires grad, but its gradient goes to k.grad, never to a.':
        'k = copy.deepcopy(a) 是一个新的叶子节点：它需要梯度，但它的梯度进 k.grad，永远到不了 a。',
    # ---------------------------------------------------------- 7.3
    "snap and cl copied the values before the step. Only snap is the clean snapshot: cl is still in w's graph (CloneBackward0).":
        'snap 和 cl 都在这一步之前复制了值。只有 snap 是干净的快照：cl 仍在 w 的计算图里（CloneBackward0）。',
    'alias is w itself (a second name for one tensor), so it shows the step.':
        'alias 就是 w 本身（同一个张量的第二个名字），所以它显示出了这一步的变化。',
    "w.detach() shares w's storage: the in-place step changed it too.":
        'w.detach() 共享 w 的存储：原地的这一步也改变了它。',
    'snap has its own storage: the step did not touch it.':
        'snap 有自己的存储：这一步没有碰到它。',
    "w.clone() copied the values before the step, so it keeps them (it is still in w's graph, though).":
        'w.clone() 在这一步之前复制了值，所以它保留着这些值（不过它仍在 w 的计算图里）。',
    # ---------------------------------------------------------- 7.4
    '(1) a snapshot needs its own memory and no graph: detach().clone(); (2) a read-only target just needs to be out of the graph: detach(); (3) an in-place change that gradients must still pass: clone(); (4) a whole model: copy.deepcopy.':
        '(1) 快照需要自己的内存、不要计算图：detach().clone()；(2) 只读的目标只需要离开计算图：detach()；(3) 梯度还必须能穿过的原地修改：clone()；(4) 整个模型：copy.deepcopy。',
    'ask the three questions for each situation: own memory? requires grad? still in the graph?':
        '对每种情形问那三个问题：有自己的内存吗？需要梯度吗？还在计算图里吗？',
    '(1): w.detach() shares w\'s memory, so training would change the "saved" weights too. Add .clone().':
        '(1)：w.detach() 共享 w 的内存，所以训练也会改变“保存下来”的权重。加上 .clone()。',
    '(1): w.clone() has its own memory but stays in the graph and requires grad; a snapshot wants detach().clone().':
        '(1)：w.clone() 有自己的内存，但留在计算图里并且需要梯度；快照要用 detach().clone()。',
    '(2): a target that is only read needs no copy: detach() is enough (no memory spent).':
        '(2)：只读的目标不需要复制：detach() 就够了（不花内存）。',
    '(2): clone() stays in the graph: the loss would send gradient into the network through the target.':
        '(2)：clone() 留在计算图里：损失会通过这个目标把梯度送进网络。',
    "(3): a write through detach() changes the original's memory (and can break backward); clone() gives memory of its own and keeps the gradient flowing.":
        '(3)：通过 detach() 写入会改变原张量的内存（还可能让反向传播失败）；clone() 给出自己的内存，并让梯度继续流动。',
    '(3): detach().clone() cuts the graph: no gradient would reach the earlier layers. clone() keeps it.':
        '(3)：detach().clone() 切断了计算图：梯度到不了前面的层。clone() 会保留它。',
    '(4): detach().clone() copies one tensor; a whole model with all its parameters is copy.deepcopy(model).':
        '(4)：detach().clone() 只复制一个张量；带着全部参数的整个模型要用 copy.deepcopy(model)。',
    'a tuple of four letters (1, 2, 3, 4)':
        '一个由四个字母组成的元组（对应情形 1、2、3、4）',
    # ---------------------------------------------------------- 7.5
    "new_tensor copies the data it is given and records nothing: p is a fresh leaf that requires grad, with x's dtype and device (like torch.tensor(...).requires_grad_(True)).":
        'new_tensor 复制给它的数据，什么也不记录：p 是一个需要梯度的全新叶子节点，数据类型和设备与 x 相同（就像 torch.tensor(...).requires_grad_(True)）。',
    'new_tensor records nothing: p.grad_fn is None, so p is a leaf, and requires_grad=True makes it a trainable one.':
        'new_tensor 什么也不记录：p.grad_fn 是 None，所以 p 是叶子节点，而 requires_grad=True 让它可以训练。',
    "new_tensor always copies its data into new memory; it borrows only x's dtype and device.":
        'new_tensor 总是把数据复制到新内存里；它只借用 x 的数据类型和设备。',
    # ---------------------------------------------------------- 7.6
    'deepcopy does not copy graphs: x = a * 2 is not a leaf, and PyTorch refuses to deepcopy it.':
        'deepcopy 不复制计算图：x = a * 2 不是叶子节点，PyTorch 拒绝对它做深拷贝。',
    'deepcopy refuses non-leaf tensors; for a detached copy write x.detach().clone().':
        'deepcopy 拒绝非叶子张量；想要一份分离的副本，请写 x.detach().clone()。',
    # ---------------------------------------------------------- 7.7
    "own memory, no gradient, w's values: w.detach().clone().":
        '有自己的内存、没有梯度、值和 w 相同：w.detach().clone()。',
    "set snapshot to a copy of w's current values.":
        '把 snapshot 设为 w 当前值的一份副本。',
    'snapshot should be a tensor.':
        'snapshot 应该是一个张量。',
    "snapshot shares w's memory (detach() alone copies nothing): it would change whenever w is trained. Add .clone().":
        'snapshot 和 w 共享内存（只用 detach() 什么也不复制）：每次训练 w 它都会跟着变。加上 .clone()。',
    'snapshot is still in the graph (clone() alone keeps it there): detach it, with w.detach().clone().':
        'snapshot 仍在计算图里（只用 clone() 会让它留在那儿）：用 w.detach().clone() 把它分离出来。',
    "snapshot does not hold w's values.":
        'snapshot 里的值和 w 不一样。',
    # ---------------------------------------------------------- 8.1
    'y = x[:, 1] drops the middle dimension; the others keep their strides: 12 to the next block, 1 along a row.':
        'y = x[:, 1] 去掉了中间那一维；其余的维度保留它们的步幅：到下一个块是 12，沿一行是 1。',
    "a view keeps x's strides for the dimensions it keeps; x's are (12, 4, 1).":
        '视图对保留下来的维度沿用 x 的步幅；x 的步幅是 (12, 4, 1)。',
    'y has shape (2, 4), but its first dimension still steps over a whole 3 × 4 block of x: 12 elements, not 4.':
        'y 的形状是 (2, 4)，但它的第一维每一步仍然跨过 x 里一整个 3 × 4 的块：12 个元素，不是 4 个。',
    'y has two dimensions (shape (2, 4)): its stride has two numbers.':
        'y 有两个维度（形状是 (2, 4)）：它的步幅只有两个数。',
    "that is y's shape; the stride says how many storage elements to step per dimension.":
        '那是 y 的形状；步幅说的是每个维度走一步要跨过几个存储元素。',
    # ---------------------------------------------------------- 8.2
    'y starts at x[0, 1, 0]: one row of 4 into the storage.':
        'y 从 x[0, 1, 0] 开始：在存储里隔了一行，也就是 4 个元素。',
    "find the storage element of y's first element, x[0, 1, 0].":
        '找出 y 的第一个元素 x[0, 1, 0] 是第几个存储元素。',
    'storage_offset() counts elements, not rows: row 1 of the first block starts after one row of 4.':
        'storage_offset() 数的是元素，不是行：第一个块的第 1 行从一行 4 个元素之后开始。',
    '16 would be bytes (4 float32); storage_offset() counts elements.':
        '16 是以字节计的（4 个 float32）；storage_offset() 数的是元素。',
    'y = x[:, 1] skips row 0 of the first block: it starts 4 elements in.':
        'y = x[:, 1] 跳过了第一个块的第 0 行：它从偏移 4 个元素的地方开始。',
    # ---------------------------------------------------------- 8.3
    "permute moves strides with their dimensions: new dims (2, 0, 1) have x's strides (1, 12, 4). Nothing moves in memory.":
        'permute 让步幅跟着各自的维度一起移动：新的维度顺序 (2, 0, 1) 对应 x 的步幅 (1, 12, 4)。内存里什么都没挪动。',
    "take x's strides (12, 4, 1) in the order (2, 0, 1).":
        '按 (2, 0, 1) 的顺序取 x 的步幅 (12, 4, 1)。',
    "permute moves each stride with its dimension: the new first dimension is x's last one, stride 1.":
        'permute 让每个步幅跟着它的维度一起移动：新的第一维是 x 的最后一维，步幅是 1。',
    "that is p's shape; its stride is x's strides (12, 4, 1) reordered the same way.":
        '那是 p 的形状；它的步幅是把 x 的步幅 (12, 4, 1) 按同样的方式重新排列。',
    # ---------------------------------------------------------- 8.4
    'view, a stepped slice, flatten of a contiguous tensor and unsqueeze are views; reshape of a transpose and indexing with a list copy.':
        'view、带步长的切片、对连续张量的 flatten 和 unsqueeze 都是视图；对转置做 reshape 和用列表索引会复制。',
    'view() never copies.':
        'view() 从不复制。',
    'a transpose is not in row-major order, so reshape() must copy to flatten it.':
        '转置不是行优先顺序，所以 reshape() 必须复制才能把它展平。',
    'a step in a slice is just a bigger stride: x[:, ::2] is still a view.':
        '切片里的步长只是一个更大的步幅：x[:, ::2] 仍然是视图。',
    'flatten() of a contiguous tensor is a view (like view(-1)).':
        '对连续张量调用 flatten() 得到的是视图（就像 view(-1)）。',
    'indexing with a list (advanced indexing) always copies.':
        '用列表做索引（高级索引）总是会复制。',
    'unsqueeze() only adds a dimension of size 1 to the header: a view.':
        'unsqueeze() 只是在头信息里加一个大小为 1 的维度：是视图。',
    # ---------------------------------------------------------- 8.5
    'expand copies nothing: stride 0 along the new dimension reads the same 3 numbers 1000 times.':
        'expand 什么也不复制：新维度上的步幅是 0，把同样的 3 个数读了 1000 遍。',
    'look at e.stride(): (0, 1).':
        '看看 e.stride()：(0, 1)。',
    'the storage holds the numbers of the original (3,) tensor; expand only makes a header with stride 0.':
        '存储里只有原来那个 (3,) 张量的数；expand 只是新建一个步幅为 0 的头信息。',
    # ---------------------------------------------------------- 8.6
    'set col_copy to a contiguous copy of col.':
        '把 col_copy 设为 col 的一份连续副本。',
    'col_copy should be a tensor.':
        'col_copy 应该是一个张量。',
    "col_copy shares col's storage: it is a view, not a copy.":
        'col_copy 和 col 共享存储：它是视图，不是副本。',
    'col_copy is not contiguous.':
        'col_copy 不是连续的。',
    "col_copy does not hold col's values.":
        'col_copy 里的值和 col 不一样。',
    # ---------------------------------------------------------- 9.1
    'only enc.weight was frozen; every parameter that still requires grad got one.':
        '只有 enc.weight 被冻结了；其余仍然需要梯度的参数都得到了梯度。',
    'enc.weight was frozen with requires_grad_(False): it gets no .grad.':
        'enc.weight 用 requires_grad_(False) 冻结了：它得不到 .grad。',
    'only enc.weight was frozen: enc.bias still requires grad, and the gradient reaches it through dec and relu.':
        '被冻结的只有 enc.weight：enc.bias 仍然需要梯度，梯度经过 dec 和 relu 到达它。',
    'dec is not frozen: its parameters get gradients.':
        'dec 没有被冻结：它的参数会得到梯度。',
    # ---------------------------------------------------------- 9.2
    'h was computed inside torch.no_grad(): nothing was recorded, so the graph starts at h and only dec learns.':
        'h 是在 torch.no_grad() 里算出来的：什么都没有被记录，所以计算图从 h 开始，只有 dec 在学习。',
    'h was computed inside torch.no_grad(): nothing was recorded there, so the graph starts at h and no gradient reaches enc.':
        'h 是在 torch.no_grad() 里算出来的：那里什么都没有被记录，所以计算图从 h 开始，没有梯度能到达 enc。',
    'dec ran outside no_grad, on h: its parameters get gradients.':
        'dec 是在 no_grad 之外、作用在 h 上运行的：它的参数会得到梯度。',
    # ---------------------------------------------------------- 9.3
    'body.requires_grad = False only sets a new attribute on the module object; its parameters still require grad. body.requires_grad_(False), with the underscore, sets it on every parameter.':
        'body.requires_grad = False 只是在模块对象上新设了一个属性；它的参数仍然需要梯度。带下划线的 body.requires_grad_(False) 才会对每个参数设置它。',
    'giving frozen parameters to the optimizer is harmless: SGD skips every parameter whose .grad is None. The freeze itself is broken.':
        '把冻结的参数交给优化器是无害的：SGD 会跳过所有 .grad 为 None 的参数。坏掉的是冻结本身。',
    'relu and pow are fine; the gradient reaches body because its parameters still require grad.':
        'relu 和 pow 都没问题；梯度能到达 body，是因为它的参数仍然需要梯度。',
    # ---------------------------------------------------------- 9.4
    'zero_grad(set_to_none=False) leaves w.grad = tensor([0.]) instead of None, and SGD updates every parameter whose .grad is not None: its momentum keeps pushing w. The default zero_grad() sets .grad to None, and SGD then skips w.':
        'zero_grad(set_to_none=False) 让 w.grad 变成 tensor([0.]) 而不是 None，而 SGD 会更新每个 .grad 不为 None 的参数：它的动量继续推着 w 走。默认的 zero_grad() 把 .grad 设为 None，SGD 就会跳过 w。',
    'the first step is ordinary training, before the freeze.':
        '第一步是冻结之前的普通训练。',
    "requires_grad_(False) does stop autograd from computing w's gradient, but the optimizer never looks at requires_grad: it updates every parameter whose .grad is not None.":
        'requires_grad_(False) 确实会让自动微分不再计算 w 的梯度，但优化器从不看 requires_grad：它更新每个 .grad 不为 None 的参数。',
    'step() is meant to run; it only does harm because w.grad is a tensor of zeros instead of None, so SGD applies its momentum (and would apply weight decay) to w.':
        'step() 本来就该运行；它之所以出问题，只是因为 w.grad 是一个全零的张量而不是 None，所以 SGD 对 w 施加了动量（如果有权重衰减，也会施加）。',
    # ---------------------------------------------------------- 9.5
    "the gradient reaches only the student; the teacher's output is a fixed target.":
        '梯度只到达学生网络；老师网络的输出是固定的目标。',
    'set loss to the fixed line.':
        '把 loss 设为修好的那一行。',
    'loss should be a tensor.':
        'loss 应该是一个张量。',
    'the gradient reaches the teacher and not the student: the detach() sits on the wrong branch. Detach the target, teacher(x), not the prediction.':
        '梯度到达了老师网络，却没有到达学生网络：detach() 放错了分支。要分离的是目标 teacher(x)，而不是预测值。',
    'the teacher still gets gradients: detach teacher(x) (or compute it inside torch.no_grad()).':
        '老师网络仍然得到梯度：请分离 teacher(x)（或者在 torch.no_grad() 里计算它）。',
    "no gradient reaches the student: detach only the teacher's output.":
        '没有梯度到达学生网络：只分离老师网络的输出。',
    # ---------------------------------------------------------- 9.6
    'on a 2-layer and a 3-layer network alike, only the last Linear layer still requires grad.':
        '不论是 2 层还是 3 层的网络，都只剩最后一个 Linear 层需要梯度。',
    'write freeze_all_but_last(net).':
        '写出 freeze_all_but_last(net)。',
    'eval() freezes nothing: it only switches layers such as Dropout and BatchNorm to evaluation behaviour. Freeze with requires_grad_(False).':
        'eval() 什么也不冻结：它只是把 Dropout、BatchNorm 这类层切换到评估时的行为。请用 requires_grad_(False) 冻结。',
    'nothing is frozen yet: call requires_grad_(False) on every Linear layer but the last.':
        '还什么都没有冻结：对除最后一层以外的每个 Linear 层调用 requires_grad_(False)。',
    'the last layer is frozen too: net.requires_grad_(False) freezes everything.':
        '最后一层也被冻结了：net.requires_grad_(False) 会冻结所有东西。',
    # ---------------------------------------------------------- 9.7
    'eval() is neither a freeze nor a grad mode: it sets module.training = False (Dropout stops dropping, BatchNorm uses its running statistics). All four parameters get gradients.':
        'eval() 既不是冻结，也不是梯度模式：它设置 module.training = False（Dropout 不再丢弃，BatchNorm 使用它的滑动统计量）。四个参数都会得到梯度。',
    'eval() is not a freeze and not a grad mode: it sets training = False (Dropout stops dropping). Gradients still flow to every parameter. Freeze with requires_grad_(False); record nothing with torch.no_grad().':
        'eval() 不是冻结，也不是梯度模式：它设置 training = False（Dropout 不再丢弃）。梯度仍然流到每个参数。冻结用 requires_grad_(False)；什么都不记录用 torch.no_grad()。',
    'eval() does not touch requires_grad anywhere: every parameter still gets a gradient.':
        'eval() 根本不碰 requires_grad：每个参数仍然会得到梯度。',
    # ---------------------------------------------------------- 10.1
    "count y's in-place operations; exp saved y when it made it.":
        '数一数 y 的原地操作；exp 在生成 y 的时候就保存了它。',
    'each in-place operation bumps the version: add_ and mul_ make 2.':
        '每一次原地操作都会让版本加一：add_ 和 mul_ 一共是 2。',
    'exp saved its output when it made it, at version 0.':
        'exp 在生成输出的时候就保存了它，那时是版本 0。',
    "the other way round: N is y's version now, M the one exp saved.":
        '正好反了：N 是 y 现在的版本，M 是 exp 保存时的版本。',
    'a pair (N, M)':
        '一个二元组 (N, M)',
    # ---------------------------------------------------------- 10.2
    'no error, wrong answer: TanhBackward0 computes 1 - y² from its saved output, which .data.zero_() zeroed without bumping the version: 1 - 0² = 1.':
        '不报错，答案却是错的：TanhBackward0 用它保存的输出计算 1 - y²，而 .data.zero_() 把这个输出清零了，却没有让版本加一：1 - 0² = 1。',
    'TanhBackward0 multiplies by 1 - y², with the y it saved.':
        'TanhBackward0 乘的是 1 - y²，用的是它保存的那个 y。',
    '.data hides the write from the version counter (y._version stays 0), so backward cannot notice: no error, and a wrong gradient.':
        '.data 的写入躲过了版本计数器（y._version 仍是 0），所以反向传播察觉不到：不报错，梯度却是错的。',
    'that is the true gradient 1 - tanh²(x). But TanhBackward0 computes it from the saved output y, which .data.zero_() zeroed: 1 - 0² = 1. Silently wrong.':
        '那是真正的梯度 1 - tanh²(x)。但 TanhBackward0 是用保存的输出 y 来算的，而 .data.zero_() 把它清零了：1 - 0² = 1。悄悄地错了。',
    'TanhBackward0 computes 1 - y² from the saved (zeroed) output: 1 - 0 = 1, not 0.':
        'TanhBackward0 用保存的（已被清零的）输出计算 1 - y²：1 - 0 = 1，而不是 0。',
    # ---------------------------------------------------------- 10.3
    'h.data.clamp_ changed h without bumping its version, so SigmoidBackward0 used the clamped 0.9 in h(1 - h), as if sigmoid had given 0.9. The clamp is active, so the loss does not change with w: its true gradient is 0. Write h = h.clamp(max=0.9).':
        'h.data.clamp_ 改变了 h，却没有让它的版本加一，所以 SigmoidBackward0 在 h(1 - h) 里用的是被截断后的 0.9，就好像 sigmoid 算出的是 0.9 一样。这次截断是起作用的，所以损失不随 w 变化：它真正的梯度是 0。应该写 h = h.clamp(max=0.9)。',
    'sigmoid is fine: it saves its output h for backward, which is exactly why changing h behind its back matters.':
        'sigmoid 没问题：它为反向传播保存了输出 h，而这正是背着它改动 h 会出问题的原因。',
    'the loss is fine; the trouble is the h it reads, changed through .data after sigmoid saved it.':
        '损失没问题；问题出在它读到的 h，在 sigmoid 保存之后又被通过 .data 改动了。',
    "backward() runs without an error, and that is the problem: the write through .data did not bump h's version, so nothing noticed.":
        'backward() 运行时不报错，而这正是问题所在：通过 .data 的写入没有让 h 的版本加一，所以什么都没被察觉。',
    # ---------------------------------------------------------- 10.4
    "w.detach().numpy() shares w's memory and n += 1 is in place: the weight changed.":
        'w.detach().numpy() 和 w 共享内存，而 n += 1 是原地操作：权重变了。',
    'n and w are one storage.':
        'n 和 w 是同一块存储。',
    'w.detach().numpy() copies nothing, and n += 1 writes in place: the weight changed too.':
        'w.detach().numpy() 什么也不复制，而 n += 1 是原地写入：权重也变了。',
    # ---------------------------------------------------------- 10.5
    'an array of its own: w.detach().numpy().copy().':
        '一个属于自己的数组：w.detach().numpy().copy()。',
    "set safe to a NumPy array with w's values.":
        '把 safe 设为一个值和 w 相同的 NumPy 数组。',
    'safe is a tensor; the task asks for a NumPy array (.numpy()).':
        'safe 是一个张量；题目要的是 NumPy 数组（.numpy()）。',
    'safe should be a NumPy array.':
        'safe 应该是一个 NumPy 数组。',
    "safe shares w's memory: .numpy() copies nothing. Add .copy().":
        'safe 和 w 共享内存：.numpy() 什么也不复制。加上 .copy()。',
    "safe does not hold w's values.":
        'safe 里的值和 w 不一样。',
    # ---------------------------------------------------------- 10.6
    'arr *= 3 wrote into the shared memory; arr = arr - 1 made a new array and moved the name arr to it. t kept the old memory: [3., 3.].':
        'arr *= 3 写进了共享的内存；arr = arr - 1 生成了一个新数组，并把名字 arr 移到了它上面。t 留在旧内存上：[3., 3.]。',
    'follow which array t shares: the first one.':
        '跟着看 t 共享的是哪个数组：第一个。',
    'arr = arr - 1 made a new array and moved the name arr to it; t still shares the old memory, which holds [3., 3.].':
        'arr = arr - 1 生成了一个新数组，并把名字 arr 移到了它上面；t 仍然共享旧的内存，那里是 [3., 3.]。',
    'arr = arr - 1 made a new array: the old one, which t shares, still holds [3., 3.].':
        'arr = arr - 1 生成了一个新数组：t 共享的那个旧数组里仍然是 [3., 3.]。',
    'arr *= 3 is in place: t sees it.':
        'arr *= 3 是原地操作：t 看得到。',
    # ---------------------------------------------------------- 10.7
    'y + 1 makes a new tensor and moves the name y to it; the tensor sigmoid saved stays at version 0.':
        'y + 1 生成一个新张量，并把名字 y 移到它上面；sigmoid 保存的那个张量仍是版本 0。',
    'y + 1 is recorded (AddBackward0) like any operation; the point is that it makes a new tensor and leaves the saved one alone.':
        'y + 1 和任何运算一样会被记录（AddBackward0）；关键在于它生成了一个新张量，保存的那个没有被动过。',
    'nothing is detached: y + 1 has grad_fn AddBackward0 and the gradient reaches x.':
        '什么都没有被分离：y + 1 的 grad_fn 是 AddBackward0，梯度会到达 x。',
    # ---------------------------------------------------------- 11.1
    'false in 2.13: copy_ from a source that requires grad is recorded as CopyBackwards, and the gradient reaches s: s.grad = [3., 3.].':
        '在 2.13 中是错的：从需要梯度的源张量 copy_ 会被记录为 CopyBackwards，梯度会到达 s：s.grad = [3., 3.]。',
    'that is the old posts\' claim (copy_ "breaks the graph, no grad"). In 2.13 copy_ from a source that requires grad is recorded as CopyBackwards, and s.grad is [3., 3.].':
        '那是旧文的说法（copy_「破壞計算圖」、梯度「不保留」）。在 2.13 中，从需要梯度的源张量 copy_ 会被记录为 CopyBackwards，s.grad 是 [3., 3.]。',
    'd did start with requires_grad=False, but copy_ from a source that requires grad makes it require grad: d.grad_fn is CopyBackwards.':
        'd 一开始确实是 requires_grad=False，但从需要梯度的源张量 copy_ 会让它需要梯度：d.grad_fn 是 CopyBackwards。',
    'd is not a leaf after the copy (it has a grad_fn), so its .grad is not kept: the gradient passes through to s.':
        '复制之后 d 不是叶子节点（它有 grad_fn），所以它的 .grad 不会被保留：梯度穿过它传给 s。',
    'a pair (True or False, "a", "b" or "c")':
        '一个二元组（True 或 False，以及 "a"、"b" 或 "c"）',
    # ---------------------------------------------------------- 11.2
    'false in 2.13: deepcopy copies a leaf with everything attached, requires_grad and even .grad ([2., 2.]), into memory of its own.':
        '在 2.13 中是错的：deepcopy 复制叶子节点时连同一切附属物一起复制，requires_grad，甚至 .grad（[2., 2.]），都放进它自己的内存里。',
    'that is the old posts\' table (deepcopy: "no grad"). In 2.13 k.requires_grad is True and k.grad is a copy of w.grad, [2., 2.].':
        '那是旧文的表格（deepcopy：梯度「不保留」）。在 2.13 中 k.requires_grad 是 True，k.grad 是 w.grad 的一份副本 [2., 2.]。',
    'deepcopy does not detach: k.requires_grad is True.':
        'deepcopy 不会分离：k.requires_grad 是 True。',
    "k.grad is a copy, in memory of its own: k.grad.untyped_storage().data_ptr() differs from w.grad's.":
        'k.grad 是一份副本，在它自己的内存里：k.grad.untyped_storage().data_ptr() 和 w.grad 的不同。',
    # ---------------------------------------------------------- 11.3
    "false: a float64 tensor from from_numpy is an ordinary leaf (that shares the array's memory); requires_grad_() works and t.grad is [2., 4., 6.]. (Integer arrays cannot require grad, as for any integer tensor.)":
        '错：from_numpy 得到的 float64 张量是一个普通的叶子节点（它和数组共享内存）；requires_grad_() 能用，t.grad 是 [2., 4., 6.]。（整数数组不能需要梯度，和任何整数张量一样。）',
    'that is the old posts\' table (from_numpy: "no grad"). In 2.13 requires_grad_() works on a float64 from_numpy tensor, and t.grad is [2., 4., 6.].':
        '那是旧文的表格（from_numpy：梯度传递「不支持」）。在 2.13 中，对 from_numpy 得到的 float64 张量调用 requires_grad_() 能用，t.grad 是 [2., 4., 6.]。',
    'autograd records operations on tensors; where the memory came from does not matter: t.grad is [2., 4., 6.].':
        '自动微分记录的是对张量的运算；内存从哪里来并不重要：t.grad 是 [2., 4., 6.]。',
    "requires_grad_() changes t in place and copies nothing: t still shares arr's memory.":
        'requires_grad_() 原地改变 t，什么也不复制：t 仍然和 arr 共享内存。',
    # ---------------------------------------------------------- 11.4
    'false: requires_grad_(True) makes c a new leaf of its own graph: c.grad = [5., 5.], and nothing reaches a.':
        '错：requires_grad_(True) 让 c 成为它自己那个计算图的新叶子节点：c.grad = [5., 5.]，而什么也到不了 a。',
    'that is what one of the old posts says ("even after setting requires_grad back to True it will never have a grad"). In 2.13 c becomes a new leaf and c.grad is [5., 5.].':
        '那是一篇旧文的说法（「即使之后重新將它的requires_grad置為true,它也不會具有梯度grad」）。在 2.13 中 c 成为一个新的叶子节点，c.grad 是 [5., 5.]。',
    "c.grad is [5., 5.], but c's graph starts at c: a gets nothing (a.grad stays None).":
        'c.grad 是 [5., 5.]，但 c 的计算图从 c 开始：a 什么也得不到（a.grad 仍是 None）。',
    'c.grad is [5., 5.]: c is a leaf that requires grad, so its gradient is kept.':
        'c.grad 是 [5., 5.]：c 是一个需要梯度的叶子节点，所以它的梯度会被保留。',
    # ---------------------------------------------------------- 11.5
    'false in 2.13: the resize works on the detached header only (b is (4, 3), a stays (3, 4), one storage). resize_as_, set_ and transpose_ work too. The original a, which requires grad, still cannot be resized.':
        '在 2.13 中是错的：改变大小只作用在分离出的头信息上（b 是 (4, 3)，a 仍是 (3, 4)，同一块存储）。resize_as_、set_ 和 transpose_ 也都能用。需要梯度的原张量 a 仍然不能改变大小。',
    'that was true in old versions, and one post still shows the error. In 2.13 b.resize_(4, 3) works: b becomes (4, 3), a stays (3, 4).':
        '在旧版本里这是对的，一篇博文里也还贴着那条报错。在 2.13 中 b.resize_(4, 3) 能运行：b 变成 (4, 3)，a 仍是 (3, 4)。',
    "b and a are two headers: resizing b changes only b's shape. a stays (3, 4).":
        'b 和 a 是两个头信息：改变 b 的大小只改变 b 的形状。a 仍是 (3, 4)。',
    "resize_ to the same number of elements allocates nothing: b still shares a's storage.":
        'resize_ 到元素个数相同的形状不会分配任何内存：b 仍然和 a 共享存储。',
    # ---------------------------------------------------------- 11.6
    'false in 2.x: node names end in a number, grad_fn=<SigmoidBackward0> (and SelectBackward0, MulBackward0...). Old posts print the names without it.':
        '在 2.x 中是错的：节点名以数字结尾，grad_fn=<SigmoidBackward0>（还有 SelectBackward0、MulBackward0……）。旧文打印的名字没有这个数字。',
    'that is how old posts print it. In PyTorch 2.x node names end in a number: grad_fn=<SigmoidBackward0>.':
        '那是旧文打印出来的样子。在 PyTorch 2.x 中节点名以数字结尾：grad_fn=<SigmoidBackward0>。',
    'the node is named after the backward of the operation: SigmoidBackward0, not Sigmoid.':
        '节点以对应运算的反向传播命名：SigmoidBackward0，而不是 Sigmoid。',
    'out was made by an operation on a tensor that requires grad: it has a grad_fn, SigmoidBackward0.':
        'out 是由对需要梯度的张量做运算得到的：它有 grad_fn，即 SigmoidBackward0。',
    # ---------------------------------------------------------- 11.7
    'false: y\'s nodes were built before detach_() and still point back to x, so y.backward() gives x.grad = [6., 6.]. The post\'s "x, m → y" picture is wrong.':
        '错：y 的节点是在 detach_() 之前建好的，仍然指回 x，所以 y.backward() 得到 x.grad = [6., 6.]。博文里那张“x, m → y”的图是错的。',
    "that is one post's picture (x → m → y becomes x, m → y). In 2.13 y's nodes were built before detach_() and still point back to x: x.grad is [6., 6.].":
        '那是一篇博文里的图（x → m → y 变成 x, m → y）。在 2.13 中，y 的节点是在 detach_() 之前建好的，仍然指回 x：x.grad 是 [6., 6.]。',
    'y.backward() works (the setup ran it): m * 3 saved only the constant 3, not m.':
        'y.backward() 能成功（代码里已经运行过了）：m * 3 只保存了常数 3，没有保存 m。',
    'follow y = Σ 3m with m = 2x: each element gets 3 · 2 = 6.':
        '沿着 y = Σ 3m、m = 2x 走：每个元素得到 3 · 2 = 6。',
    # ---------------------------------------------------------- 11.8
    "false: PyTorch's own warning (print(advice)) recommends t.detach().clone(). Both orders give the same tensor; detaching first means the copy is never recorded in the graph.":
        '错：PyTorch 自己的警告（print(advice)）推荐的是 t.detach().clone()。两种顺序得到的张量一样；先分离，复制就永远不会被记进计算图。',
    'one of the old posts says so ("generally use the former"). PyTorch 2.13\'s own warning recommends sourceTensor.detach().clone(): print(advice).':
        '一篇旧文是这么说的（「一般采用tensor.clone().detach()」）。PyTorch 2.13 自己的警告推荐的是 sourceTensor.detach().clone()：print(advice) 看看。',
    'both orders give a tensor out of the graph (requires_grad False), with the same values.':
        '两种顺序得到的都是脱离计算图的张量（requires_grad 为 False），值也一样。',
    'both orders end with a clone(): memory of their own either way.':
        '两种顺序最后都是 clone()：无论哪种都有自己的内存。',
    # ---------------------------------------------------------- 11.9
    "one post's example runs torch.randn_like on an int64 tensor. In 2.13 that raises NotImplementedError: there is no normal sampler for integers.":
        '一篇博文的例子对 int64 张量运行了 torch.randn_like。在 2.13 中它会抛出 NotImplementedError：整数没有正态分布采样器。',
    "*_like keeps x's dtype, int64, and normal sampling has no int64 version: it raises, it does not give integers.":
        '*_like 保留 x 的数据类型 int64，而正态采样没有 int64 版本：它会报错，不会给出整数。',
    '*_like does not switch to float32 by itself: it keeps int64, and raises.':
        '*_like 不会自己换成 float32：它保留 int64，然后报错。',
    # ---------------------------------------------------------- 11.10
    'one post shows z.copy_(x) overwriting z. In 2.13 it raises: z is a leaf that requires grad, and in-place changes to such a leaf are refused.':
        '一篇博文展示了 z.copy_(x) 覆盖 z。在 2.13 中它会报错：z 是需要梯度的叶子节点，这样的叶子节点拒绝原地修改。',
    "it does not get as far as joining x's graph: z is a leaf that requires grad, so the in-place copy is refused.":
        '它根本走不到加入 x 的计算图那一步：z 是需要梯度的叶子节点，所以原地复制被拒绝了。',
    'z and x have the same shape (1,); the error is about z being a leaf that requires grad.':
        'z 和 x 的形状一样，都是 (1,)；报错说的是 z 是一个需要梯度的叶子节点。',
    # ---------------------------------------------------------- 11.11
    "z is the same leaf, still requires grad, holds 1 and is not in x's graph: with torch.no_grad(): z.copy_(x).":
        'z 还是原来那个叶子节点，仍然需要梯度，值是 1，并且不在 x 的计算图里：with torch.no_grad(): z.copy_(x)。',
    "z still holds 2: copy x's value into it.":
        'z 里仍然是 2：把 x 的值复制进去。',
}
