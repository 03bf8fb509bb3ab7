//! The eight [components](https://urlpattern.spec.whatwg.org/#url-pattern-struct) of a URL
//! pattern, named once: [`ComponentName`] and [`Components<T>`], one `T` per component,
//! indexed by the component's name, in the standard's order.
//!
//! Everything that has one value per component (a pattern's compiled components, a
//! processed `URLPatternInit`, the values a URL is matched with, a match's results) is a
//! `Components<T>`; the one list of the eight names below makes the enum, the struct and
//! the indexing.

use core::ops::{Index, IndexMut};

/// Defines [`ComponentName`] and [`Components`] from one list of `field Variant` pairs.
macro_rules! components {
    ($($field:ident $variant:ident),* $(,)?) => {
        /// One of the eight components of a URL pattern.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum ComponentName {
            $(
                #[doc = concat!("`", stringify!($field), "`")]
                $variant,
            )*
        }

        impl ComponentName {
            /// The components in the standard's order.
            pub const ALL: [ComponentName; 8] = [$(ComponentName::$variant),*];

            /// The component's name, e.g. `"pathname"`.
            pub const fn name(self) -> &'static str {
                match self {
                    $(ComponentName::$variant => stringify!($field),)*
                }
            }
        }

        /// One `T` for each component, e.g. a [`UrlPatternResult`](crate::UrlPatternResult)'s
        /// component results; indexed by [`ComponentName`].
        ///
        /// ```
        /// use weburl_pattern::{ComponentName, Components};
        ///
        /// let mut c = Components::from_fn(|name| name.name().len());
        /// assert_eq!(c.pathname, 8);
        /// c[ComponentName::Port] = 0;
        /// assert_eq!(c.port, 0);
        /// let names: Vec<_> = c.iter().map(|(name, _)| name.name()).collect();
        /// assert_eq!(names[..3], ["protocol", "username", "password"]);
        /// ```
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct Components<T> {
            $(
                #[doc = concat!("`", stringify!($field), "`")]
                pub $field: T,
            )*
        }

        impl<T> Components<T> {
            /// Each component's value, `f` of its name, called in the standard's order.
            pub fn from_fn(mut f: impl FnMut(ComponentName) -> T) -> Components<T> {
                Components { $($field: f(ComponentName::$variant),)* }
            }

            /// Each value mapped by `f`, called in the standard's order.
            pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> Components<U> {
                Components { $($field: f(self.$field),)* }
            }
        }

        impl<T> Index<ComponentName> for Components<T> {
            type Output = T;

            fn index(&self, name: ComponentName) -> &T {
                match name {
                    $(ComponentName::$variant => &self.$field,)*
                }
            }
        }

        impl<T> IndexMut<ComponentName> for Components<T> {
            fn index_mut(&mut self, name: ComponentName) -> &mut T {
                match name {
                    $(ComponentName::$variant => &mut self.$field,)*
                }
            }
        }
    };
}

components! {
    protocol Protocol,
    username Username,
    password Password,
    hostname Hostname,
    port Port,
    pathname Pathname,
    search Search,
    hash Hash,
}

impl ComponentName {
    /// The component named `name`, e.g. `"pathname"`.
    pub fn from_name(name: &str) -> Option<ComponentName> {
        ComponentName::ALL.into_iter().find(|c| c.name() == name)
    }
}

impl<T> Components<T> {
    /// Each component's name and value, in the standard's order.
    pub fn iter(&self) -> impl Iterator<Item = (ComponentName, &T)> + '_ {
        ComponentName::ALL
            .into_iter()
            .map(move |name| (name, &self[name]))
    }

    /// A reference to each value.
    pub fn each_ref(&self) -> Components<&T> {
        Components::from_fn(|name| &self[name])
    }
}
