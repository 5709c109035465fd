import { configure } from '@testing-library/react';

// findBy*/waitFor wait up to 1 s by default: too short for a page's first render on a busy two-core
// machine running other test files beside this one.
configure({ asyncUtilTimeout: 5_000 });
