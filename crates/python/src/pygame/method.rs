//! How a Python game's methods are called: each looked up once ([`Method::of`]), then called
//! with its arguments in an array, by the interpreter's vector call where it exports one
//! ([`vectorcall`]), else by the limited API's variadic call.

use pyo3::ffi;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

/// A method of the game object, called with its arguments in an array: no argument tuple
/// is made per call, and a method defined in the class is called as its function with the
/// object first, as the interpreter itself calls it.
pub(super) struct Method {
    function: Py<PyAny>,
    /// The object, when `function` is the class's function rather than a bound method.
    receiver: Option<Py<PyAny>>,
    /// The interpreter's vector call, when it has one ([`vectorcall`]).
    vectorcall: Option<VectorcallDict>,
}

impl Method {
    /// The method `bound` (an attribute of `object`).
    pub(super) fn of<'py>(object: &Bound<'py, PyAny>, bound: Bound<'py, PyAny>) -> PyResult<Self> {
        static METHOD_TYPE: PyOnceLock<Py<PyType>> = PyOnceLock::new();
        let py = object.py();
        let method_type = METHOD_TYPE.import(py, "types", "MethodType")?;
        if bound.get_type().is(method_type) && bound.getattr(intern!(py, "__self__"))?.is(object) {
            return Ok(Method {
                function: bound.getattr(intern!(py, "__func__"))?.unbind(),
                receiver: Some(object.clone().unbind()),
                vectorcall: vectorcall(),
            });
        }
        Ok(Method {
            function: bound.unbind(),
            receiver: None,
            vectorcall: vectorcall(),
        })
    }

    /// The method called with `first` and `second`, as far as they are given: by the
    /// interpreter's vector call where it has one ([`vectorcall`]), else by the limited API's
    /// variadic call, which reads the arguments back from a `va_list` before it makes the same
    /// vector call.
    pub(super) fn call<'py>(
        &self,
        py: Python<'py>,
        first: Option<&Bound<'py, PyAny>>,
        second: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let end = std::ptr::null_mut::<ffi::PyObject>();
        let f = self.function.as_ptr();
        let a = first.map_or(end, |a| a.as_ptr());
        let b = second
            .filter(|_| first.is_some())
            .map_or(end, |b| b.as_ptr());
        // SAFETY: `f`, the receiver, `a` and `b` are live objects held for the length of the
        // call, or null (`b` only after `a`). The vector call is given the non-null ones, in
        // order, and their count; the variadic call reads up to the first null, and the list
        // always ends with one. The GIL is held (`py`). The result is a new reference, or null
        // with Python's error set, which `from_owned_ptr_or_err` takes.
        unsafe {
            let given = usize::from(!a.is_null()) + usize::from(!b.is_null());
            let result = match (&self.receiver, self.vectorcall) {
                (Some(receiver), Some(vectorcall)) => {
                    let args = [receiver.as_ptr(), a, b];
                    vectorcall(f, args.as_ptr(), 1 + given, end)
                }
                (None, Some(vectorcall)) => {
                    let args = [a, b];
                    vectorcall(f, args.as_ptr(), given, end)
                }
                (Some(receiver), None) => {
                    ffi::PyObject_CallFunctionObjArgs(f, receiver.as_ptr(), a, b, end)
                }
                (None, None) => ffi::PyObject_CallFunctionObjArgs(f, a, b, end),
            };
            Bound::from_owned_ptr_or_err(py, result)
        }
    }
}

/// CPython's `PyObject_VectorcallDict(callable, args, nargsf, kwargs)`.
type VectorcallDict = unsafe extern "C" fn(
    *mut ffi::PyObject,
    *const *mut ffi::PyObject,
    usize,
    *mut ffi::PyObject,
) -> *mut ffi::PyObject;

/// The interpreter's `PyObject_VectorcallDict`, looked up once by name: `None` where it has
/// none (or on a platform without `dlsym`). The module is built for the limited API of
/// Python 3.9 (one wheel for every version since), which has no vector call before 3.12;
/// CPython exports this function, with this signature, in every version from 3.9 (checked:
/// 3.9 to 3.13). With no keywords it calls the function's vector call at once, where the
/// variadic call first reads its `va_list` twice: about 50 instructions fewer a call on
/// CPython 3.11, 2.3 % of a solve of the subtraction game (BENCHMARKS.md, "Issue 28, round
/// 9").
fn vectorcall() -> Option<VectorcallDict> {
    static FOUND: std::sync::OnceLock<Option<VectorcallDict>> = std::sync::OnceLock::new();
    *FOUND.get_or_init(|| {
        #[cfg(unix)]
        {
            // SAFETY: `dlsym` with `RTLD_DEFAULT` looks a name up in the process's global
            // symbols; the name is a C string. A function of that name in CPython has the
            // signature of `VectorcallDict`.
            let symbol =
                unsafe { libc::dlsym(libc::RTLD_DEFAULT, c"PyObject_VectorcallDict".as_ptr()) };
            (!symbol.is_null()).then(|| {
                // SAFETY: as above: the symbol is that function.
                unsafe { std::mem::transmute::<*mut libc::c_void, VectorcallDict>(symbol) }
            })
        }
        #[cfg(not(unix))]
        {
            None
        }
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// The interpreter's vector call and the limited API's variadic call give a method the
    /// same arguments, its answer and its exception, for a method of the class (called with
    /// the object first) and for any other callable.
    #[test]
    fn both_calls_give_the_same_answers_and_errors() {
        Python::initialize();
        Python::attach(|py| {
            let source = c"class Game:\n    def pair(self, a, b=10):\n        return (self.name, a, b)\n    def fail(self, a):\n        raise ValueError(a)\n\ngame = Game()\ngame.name = 'g'\nfree = lambda a, b=7: (a, b)\n";
            let module = PyModule::from_code(py, source, c"game.py", c"game").unwrap();
            let game = module.getattr("game").unwrap();
            #[cfg(unix)]
            assert!(
                vectorcall().is_some(),
                "the interpreter exports its vector call"
            );
            let [one, two] = [1_i64, 2].map(|n| n.into_pyobject(py).unwrap().into_any());
            let mut answers = Vec::new();
            for vectorcall in [vectorcall(), None] {
                let of = |name: &str| {
                    let mut method = Method::of(&game, game.getattr(name).unwrap()).unwrap();
                    method.vectorcall = vectorcall;
                    method
                };
                let (pair, fail) = (of("pair"), of("fail"));
                assert!(pair.receiver.is_some());
                let mut free = Method::of(&game, module.getattr("free").unwrap()).unwrap();
                assert!(free.receiver.is_none());
                free.vectorcall = vectorcall;
                let shown = |result: PyResult<Bound<'_, PyAny>>| match result {
                    Ok(value) => value.repr().unwrap().to_string(),
                    Err(e) => e.value(py).repr().unwrap().to_string(),
                };
                answers.push([
                    shown(pair.call(py, Some(&one), Some(&two))),
                    shown(pair.call(py, Some(&one), None)),
                    shown(free.call(py, Some(&one), Some(&two))),
                    shown(free.call(py, Some(&two), None)),
                    shown(fail.call(py, Some(&two), None)),
                ]);
            }
            assert_eq!(
                answers[0],
                [
                    "('g', 1, 2)",
                    "('g', 1, 10)",
                    "(1, 2)",
                    "(2, 7)",
                    "ValueError(2)"
                ]
            );
            assert_eq!(answers[0], answers[1]);
        });
    }
}
