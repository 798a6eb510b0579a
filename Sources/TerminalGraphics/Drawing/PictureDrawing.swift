import CChafa

/// Draws bitmaps for one terminal with libchafa: half blocks in truecolor or 256 colours, sixel,
/// the kitty graphics protocol and iTerm2 inline images; inside tmux each sequence is wrapped to
/// pass through (chafa learnt that only in 1.14). Stateless; safe from any thread.
public struct PictureDrawing: Sendable, Equatable {
    public var graphicsProtocol: GraphicsProtocol
    public var colorDepth: ColorDepth
    /// One cell in the terminal's pixels, for the protocols that draw pixels.
    public var cellSize: PixelSize
    /// Whether the terminal is tmux, which passes a wrapped sequence on to the terminal it runs in.
    public var throughTmux: Bool

    public init(graphicsProtocol: GraphicsProtocol, colorDepth: ColorDepth = .trueColor,
                cellSize: PixelSize = PixelSize(width: 10, height: 20), throughTmux: Bool = false) {
        self.graphicsProtocol = graphicsProtocol
        self.colorDepth = colorDepth
        self.cellSize = cellSize
        self.throughTmux = throughTmux
    }

    /// The pixels a picture of at most `box` cells needs, to decode at: the cells' own pixels, or
    /// for half blocks the eight by eight that chafa looks at in each cell.
    public func pixels(for box: CellBox) -> PixelSize {
        graphicsProtocol.drawsPixels
            ? PixelSize(width: box.columns * cellSize.width, height: box.rows * cellSize.height)
            : PixelSize(width: box.columns * 8, height: box.rows * 8)
    }

    /// `bitmap` as large as fits in `box` with its proportions kept.
    public func draw(_ bitmap: Bitmap, in box: CellBox) -> TerminalPicture {
        let cells = cells(for: bitmap.size, in: box)
        let symbols = chafa_symbol_map_new()
        chafa_symbol_map_add_by_tags(symbols, ChafaSymbolTags(CHAFA_SYMBOL_TAG_VHALF.rawValue | CHAFA_SYMBOL_TAG_SPACE.rawValue | CHAFA_SYMBOL_TAG_SOLID.rawValue))
        let config = chafa_canvas_config_new()
        chafa_canvas_config_set_geometry(config, Int32(cells.columns), Int32(cells.rows))
        chafa_canvas_config_set_cell_geometry(config, Int32(cellSize.width), Int32(cellSize.height))
        chafa_canvas_config_set_canvas_mode(config, colorDepth == .trueColor ? CHAFA_CANVAS_MODE_TRUECOLOR : CHAFA_CANVAS_MODE_INDEXED_240)
        chafa_canvas_config_set_pixel_mode(config, pixelMode)
        chafa_canvas_config_set_symbol_map(config, symbols)
        let canvas = chafa_canvas_new(config)
        defer {
            chafa_canvas_unref(canvas)
            chafa_canvas_config_unref(config)
            chafa_symbol_map_unref(symbols)
        }
        bitmap.rgba.withUnsafeBufferPointer { pixels in
            chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels.baseAddress,
                                         Int32(bitmap.width), Int32(bitmap.height), Int32(bitmap.width * 4))
        }
        // The fallback entry knows every sequence chafa writes; the terminal was chosen before.
        let terminal = chafa_term_db_get_fallback_info(chafa_term_db_get_default())
        defer { chafa_term_info_unref(terminal) }
        let printed = chafa_canvas_print(canvas, terminal)!
        let bytes = Array(UnsafeBufferPointer(start: printed.pointee.str, count: Int(printed.pointee.len))).map { UInt8(bitPattern: $0) }
        g_string_free(printed, 1)
        guard graphicsProtocol.drawsPixels else {
            let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            return TerminalPicture(output: .lines(lines), cells: cells, graphicsProtocol: graphicsProtocol)
        }
        return TerminalPicture(output: .sequence(throughTmux ? TmuxPassthrough.wrap(bytes) : bytes), cells: cells,
                               graphicsProtocol: graphicsProtocol)
    }

    /// The cells a picture of `size` covers in `box`, its proportions kept by the cell's shape.
    func cells(for size: PixelSize, in box: CellBox) -> CellBox {
        var columns = Int32(box.columns), rows = Int32(box.rows)
        let fontRatio = graphicsProtocol.drawsPixels ? Float(cellSize.width) / Float(cellSize.height) : 0.5
        chafa_calc_canvas_geometry(Int32(size.width), Int32(size.height), &columns, &rows, fontRatio, 0, 0)
        return CellBox(columns: max(1, Int(columns)), rows: max(1, Int(rows)))
    }

    private var pixelMode: ChafaPixelMode {
        switch graphicsProtocol {
        case .kitty: CHAFA_PIXEL_MODE_KITTY
        case .iterm: CHAFA_PIXEL_MODE_ITERM2
        case .sixel: CHAFA_PIXEL_MODE_SIXELS
        case .blocks: CHAFA_PIXEL_MODE_SYMBOLS
        }
    }
}
