import { describe, expect, it } from 'vitest';
import { rewriteBarrelImports } from './direct-imports.ts';

describe('rewriteBarrelImports', () => {
  it('imports each antd component and icon from its own module, keeping the local names', () => {
    const code = 'import { Button, Table as DataTable, theme } from \'antd\';\nimport { PlusOutlined } from "@ant-design/icons";\n';
    expect(rewriteBarrelImports(code)).toBe(
      "import Button from 'antd/es/button'; import DataTable from 'antd/es/table'; import theme from 'antd/es/theme';\nimport PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';\n",
    );
  });

  it('keeps what the index exports under no component of its own in an import from the index', () => {
    expect(rewriteBarrelImports("import { Card, unstableSetRender } from 'antd';")).toBe(
      "import Card from 'antd/es/card'; import { unstableSetRender } from 'antd';",
    );
  });

  it('leaves code that imports neither package alone', () => {
    expect(rewriteBarrelImports("import { useState } from 'react';")).toBeNull();
  });
});
