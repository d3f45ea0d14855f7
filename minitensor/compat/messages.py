"""Words torch prints that only exist to be torch's: C++ type names and long texts.

One table per way torch names a dtype in its messages (the third, ``Float``/``Long``, is
the dtype's own ``_scalar_type``)."""

# typeid names (c10::demangle): "expected m1 and m2 to have the same dtype, but got: float"
CPP_NAMES = {"float32": "float", "float64": "double", "float16": "c10::Half",
             "int64": "long int", "int32": "int", "int16": "short int", "int8": "signed char",
             "uint8": "unsigned char", "bool": "bool"}

# c10's checked_convert: "value cannot be converted to type uint8_t without overflow"
C_NAMES = {"uint8": "uint8_t", "int8": "int8_t", "int16": "int16_t", "int32": "int",
           "int64": "int64_t", "float16": "c10::Half", "float32": "float", "float64": "double"}
