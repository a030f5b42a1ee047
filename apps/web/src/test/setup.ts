import { configure } from '@testing-library/react';

// Components validate and render asynchronously (antd forms, lazy tabs); on a loaded 2-core
// machine that can take over the library's default second. Waits give up after 5 s instead.
configure({ asyncUtilTimeout: 5_000 });
