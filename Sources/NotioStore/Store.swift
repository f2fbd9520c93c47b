// The Store.
